import { type NodeOutboundMock, setupOutboundMock } from '@outbound/mock/node';
import { Outbound } from '../src/index.js';

/** Requests the client made, as seen by a fetch wrapper. */
export interface Seen {
  method: string;
  url: string;
  headers: Headers;
}

/** A client on the mock with a fetch wrapper that records every attempt. */
export function clientFor(mock: NodeOutboundMock, options: ConstructorParameters<typeof Outbound>[0] = {}) {
  const seen: Seen[] = [];
  const recording: typeof fetch = async (input, init) => {
    const req = new Request(input, init);
    seen.push({ method: req.method, url: req.url, headers: req.headers });
    return fetch(req);
  };
  const client = new Outbound({
    apiKey: mock.credentials.apiKey,
    partnerKey: mock.credentials.partnerKey,
    baseUrl: mock.credentials.baseUrl,
    fetch: recording,
    ...options,
  });
  return { client, seen };
}

export async function startMock(): Promise<NodeOutboundMock> {
  const mock = await setupOutboundMock({ timing: 'instant' });
  mock.listen();
  return mock;
}

/** A fetch that answers from a script of responses, recording requests. */
export function scripted(responses: Array<Response | Error | ((req: Request) => Response | Promise<Response>)>) {
  const seen: Request[] = [];
  const fn: typeof fetch = async (input, init) => {
    const req = new Request(input, init);
    seen.push(req);
    const next = responses.shift();
    if (!next) throw new Error('script exhausted');
    if (next instanceof Error) throw next;
    return typeof next === 'function' ? next(req) : next;
  };
  return { fetch: fn, seen };
}

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
