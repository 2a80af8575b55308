// What every example shares: a client for the mock (default) or for a server
// (OUTBOUND_BASE_URL with OUTBOUND_API_KEY and OUTBOUND_PARTNER_KEY), and a way to let time pass.
import { type NodeOutboundMock, setupOutboundMock } from '@outbound/mock/node';
import { Outbound } from '@outbound/sdk';

export interface ExampleEnv {
  client: Outbound;
  target: 'mock' | 'server';
  baseUrl: string;
  dashboard: { email: string; password: string };
  /** Lets `ms` of time pass: the mock's virtual clock jumps, a server is waited for. */
  wait(ms: number): Promise<void>;
  close(): Promise<void>;
}

export const step = (text: string) => console.log(`\n→ ${text}`);
export const info = (text: string) => console.log(`  ${text}`);
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export async function connect(): Promise<ExampleEnv> {
  const e = process.env;
  if (e.OUTBOUND_BASE_URL) {
    if (!e.OUTBOUND_API_KEY || !e.OUTBOUND_PARTNER_KEY)
      throw new Error('With OUTBOUND_BASE_URL set, also set OUTBOUND_API_KEY and OUTBOUND_PARTNER_KEY');
    console.log(`Target: the server at ${e.OUTBOUND_BASE_URL}`);
    return {
      client: new Outbound(),
      target: 'server',
      baseUrl: e.OUTBOUND_BASE_URL,
      dashboard: {
        email: e.OUTBOUND_DASHBOARD_EMAIL ?? 'demo@outbound.local',
        password: e.OUTBOUND_DASHBOARD_PASSWORD ?? 'outbound-demo',
      },
      wait: sleep,
      close: async () => {},
    };
  }
  const mock: NodeOutboundMock = await setupOutboundMock({ timing: 'instant' });
  mock.listen();
  const c = mock.credentials;
  console.log(`Target: the mock at ${c.baseUrl} (set OUTBOUND_BASE_URL and keys to use a server)`);
  return {
    client: new Outbound({ apiKey: c.apiKey, partnerKey: c.partnerKey, baseUrl: c.baseUrl }),
    target: 'mock',
    baseUrl: c.baseUrl,
    dashboard: { email: c.email, password: c.password },
    wait: async (ms) => {
      await mock.clock.advance(ms);
    },
    close: async () => mock.close(),
  };
}

/** Runs an example's body with a connected environment and a clean exit code. */
export async function run(body: (env: ExampleEnv) => Promise<void>): Promise<void> {
  const env = await connect();
  try {
    await body(env);
    console.log('\nDone.');
  } finally {
    await env.close();
  }
}
