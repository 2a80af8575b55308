// A webhook receiver on loopback that verifies every delivery with the public `standardwebhooks`
// library (not the server's code), as a partner's receiver would.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface Received {
  id: string;
  payload: { type: string; timestamp: string; data: Record<string, unknown> };
  headers: IncomingHttpHeaders;
  /** The status the receiver answered. */
  answered: number;
}

export class Receiver {
  /** Verified deliveries, in arrival order (retries of one message appear once per arrival). */
  readonly received: Received[] = [];
  /** Requests whose signature did not verify. */
  readonly rejected: { headers: IncomingHttpHeaders; error: string }[] = [];
  /** Status answered to verified deliveries. */
  status = 204;
  /** Delay before answering, ms. */
  delayMs = 0;
  #server: Server | undefined;
  #port = 0;

  /** `secrets`: the receiver accepts a delivery signed under any of them. */
  constructor(public secrets: string[] = []) {}

  get url(): string {
    return `http://127.0.0.1:${this.#port}/hooks`;
  }

  /** Distinct message ids received. */
  get ids(): string[] {
    return [...new Set(this.received.map((r) => r.id))];
  }

  async start(port = this.#port): Promise<this> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const headers = Object.fromEntries(
          Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : (v ?? '')]),
        );
        let payload: Received['payload'] | undefined;
        const errors: string[] = [];
        for (const secret of this.secrets) {
          try {
            payload = new Webhook(secret).verify(body, headers) as Received['payload'];
            break;
          } catch (error) {
            errors.push((error as Error).message);
          }
        }
        if (!payload) {
          this.rejected.push({ headers: req.headers, error: errors.join('; ') || 'no secret' });
          res.writeHead(400).end('bad signature');
          return;
        }
        const answered = this.status;
        this.received.push({ id: String(req.headers['webhook-id']), payload, headers: req.headers, answered });
        setTimeout(() => res.writeHead(answered, { 'content-type': 'text/plain' }).end('ok'), this.delayMs);
      });
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    this.#port = (server.address() as AddressInfo).port;
    this.#server = server;
    return this;
  }

  /** Stops listening: connections are refused until `start()` again (same port). */
  async stop(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
