// Per-call overhead of the SDK over a raw fetch, against a local HTTP server answering a small
// JSON body. Both clients run in alternating rounds in one process; prints the ratio.
// Run: pnpm bench:sdk-overhead
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Outbound } from '@outbound/sdk';
import ky from 'ky';

const BODY = JSON.stringify({
  account: {
    id: '7f0c1c2e-3d4b-4a5c-9e6f-1a2b3c4d5e6f',
    email: 'demo@outbound.local',
    name: 'Demo User',
    plan: 'pro',
    onboarding_completed: false,
    created_at: '2026-11-22T10:00:00.000Z',
  },
});

// The server runs in its own process, so it does not share the client's event loop.
if (process.argv[2] === 'serve') {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'x-request-id': 'bench' });
    res.end(BODY);
  });
  server.listen(0, '127.0.0.1', () => process.send?.((server.address() as AddressInfo).port));
} else {
  await main();
}

async function main() {
  const child = fork(import.meta.filename, ['serve'], { execArgv: ['--import', 'tsx'] });
  const port = await new Promise<number>((r) => child.once('message', (m) => r(Number(m))));
  const base = `http://127.0.0.1:${port}`;
  const client = new Outbound({ apiKey: 'pk_live_bench', baseUrl: base });

  const raw = async () => {
    const res = await fetch(`${base}/api/account`, {
      headers: { authorization: 'Bearer pk_live_bench', accept: 'application/json' },
    });
    return res.json();
  };
  const sdk = () => client.account.retrieve();
  const kyOnly = ky.create({ retry: 0, throwHttpErrors: false, timeout: false });
  const viaKy = async () =>
    (
      await kyOnly(`${base}/api/account`, {
        headers: { authorization: 'Bearer pk_live_bench', accept: 'application/json' },
      })
    ).json();

  async function time(fn: () => Promise<unknown>, n: number): Promise<number> {
    const t0 = performance.now();
    for (let i = 0; i < n; i++) await fn();
    return performance.now() - t0;
  }

  const CALLS = 500;
  const ROUNDS = 10;
  await time(raw, 300);
  await time(sdk, 300);
  await time(viaKy, 300);
  const totals = { raw: 0, sdk: 0, ky: 0 };
  for (let r = 0; r < ROUNDS; r++) {
    totals.raw += await time(raw, CALLS);
    totals.sdk += await time(sdk, CALLS);
    totals.ky += await time(viaKy, CALLS);
  }
  child.kill();
  const perRaw = (totals.raw / (CALLS * ROUNDS)) * 1000;
  const perSdk = (totals.sdk / (CALLS * ROUNDS)) * 1000;
  const perKy = (totals.ky / (CALLS * ROUNDS)) * 1000;
  console.log(`raw fetch   ${perRaw.toFixed(1)} µs per call`);
  console.log(`bare ky     ${perKy.toFixed(1)} µs per call (ratio ${(perKy / perRaw).toFixed(3)})`);
  console.log(`SDK         ${perSdk.toFixed(1)} µs per call`);
  console.log(
    `overhead    ${(perSdk - perRaw).toFixed(1)} µs per call, ratio ${(perSdk / perRaw).toFixed(3)} (${((perSdk / perRaw - 1) * 100).toFixed(1)} %)`,
  );
  console.log(`target: under 10 % (${perSdk / perRaw < 1.1 ? 'met' : 'MISSED'})`);
}
