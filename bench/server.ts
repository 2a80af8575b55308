// Server benchmark: requests/s, p50 and p99 at 50 connections, for the stack's floors and our
// routes, measured in one run by autocannon (this process) against servers in child processes.
// Run: pnpm bench:server   (BENCH_SECONDS=10 per measurement by default)
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, seed } from '@outbound/server';
import { openDatabase } from '@outbound/server/node';
import autocannon from 'autocannon';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const CAMPAIGNS_PER_TARGET = 600;

// ── A seeded file database ──────────────────────────────────────────────────────────────
const dir = mkdtempSync(join(tmpdir(), 'outbound-bench-server-'));
const file = join(dir, 'db.sqlite');
const opened = openDatabase(file);
const app = createApp({ db: opened.db, config: { rateLimit: false, passwordIterations: 1000 } });
const demo = await seed(app.ctx);
const call = async (method: string, path: string, body: unknown) => {
  const res = await app.request(path, {
    method,
    headers: { authorization: `Bearer ${demo.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { campaign: { id: string } };
};
for (let i = 0; i < 80; i++)
  await call('POST', '/api/threads', {
    channel: 'email',
    recipient_email: `t${i}@example.com`,
    subject: `Thread ${i}`,
  });
const campaigns: string[][] = [[], []];
for (const set of campaigns)
  for (let i = 0; i < CAMPAIGNS_PER_TARGET; i++)
    set.push((await call('POST', '/api/campaigns', { name: `Bench ${i}`, type: 'email' })).campaign.id);
opened.close();

// ── Servers in child processes ──────────────────────────────────────────────────────────
let nextPort = 38_100;
async function start(kind: string): Promise<{ base: string; child: ChildProcess }> {
  const port = nextPort++;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions=source', 'server-target.ts', kind, file, String(port), demo.userId],
    { cwd: import.meta.dirname, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (d: Buffer) => d.toString().includes('ready') && resolve());
    child.on('exit', (code) => reject(new Error(`${kind} exited with ${code}`)));
  });
  return { base: `http://127.0.0.1:${port}`, child };
}

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  floor?: string;
}
const rows: Row[] = [];

async function measure(
  name: string,
  base: string,
  spec: Partial<autocannon.Options> & { path: string },
  floor?: string,
) {
  const opts: autocannon.Options = {
    url: `${base}${spec.path}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    ...spec,
  };
  await autocannon({ ...opts, duration: 1 }); // warm-up, not counted
  const r = await autocannon(opts);
  rows.push({
    name,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx + r.errors,
    floor,
  });
  process.stderr.write(`  measured ${name}\n`);
}

const auth = { authorization: `Bearer ${demo.apiKey}`, 'content-type': 'application/json' };
const preview = JSON.stringify({ action: 'EMAIL_LOOKUP', count: 250 });
const nodeBody = JSON.stringify({ type: 'email', subject: 'Hi {{first_name}}', body: 'Hello' });
/** Rotates node additions over draft campaigns (50 nodes at most per campaign). */
const rotating = (ids: string[]) => {
  let i = 0;
  return [
    {
      method: 'POST' as const,
      headers: auth,
      body: nodeBody,
      setupRequest: (req: autocannon.Request) => ({
        ...req,
        path: `/api/campaigns/${ids[i++ % ids.length]}/sequence/nodes`,
      }),
    },
  ];
};

const routes = [
  { name: 'GET /api/accounts', spec: { path: '/api/accounts', headers: auth } },
  {
    name: 'POST /api/credits/preview',
    spec: { path: '/api/credits/preview', method: 'POST' as const, headers: auth, body: preview },
  },
  { name: 'GET /api/threads?limit=50', spec: { path: '/api/threads?limit=50', headers: auth } },
];

const children: ChildProcess[] = [];
try {
  for (const kind of ['node-http', 'hono'] as const) {
    const s = await start(kind);
    children.push(s.child);
    await measure(kind === 'node-http' ? 'node:http hello' : 'Hono hello', s.base, { path: '/' });
    s.child.kill();
  }
  for (const [kind, set] of [
    ['floor', campaigns[0]!],
    ['outbound', campaigns[1]!],
  ] as const) {
    const s = await start(kind);
    children.push(s.child);
    const label = kind === 'floor' ? 'floor' : 'ours';
    for (const r of routes)
      await measure(`${label}  ${r.name}`, s.base, r.spec, kind === 'outbound' ? `floor  ${r.name}` : undefined);
    await measure(
      `${label}  POST /api/campaigns/{id}/sequence/nodes`,
      s.base,
      { path: '/', requests: rotating(set) },
      kind === 'outbound' ? 'floor  POST /api/campaigns/{id}/sequence/nodes' : undefined,
    );
    s.child.kill();
  }
} finally {
  for (const c of children) c.kill();
  rmSync(dir, { recursive: true, force: true });
}

// ── Report ─────────────────────────────────────────────────────────────────────────────
console.log(
  `\nServer benchmark: ${CONNECTIONS} connections, ${SECONDS} s per row, Node ${process.version}, seeded SQLite file\n`,
);
console.log('| Target | req/s | p50 ms | p99 ms | non-2xx | ratio to floor |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
for (const r of rows) {
  const floor = r.floor ? rows.find((x) => x.name === r.floor) : undefined;
  const ratio = floor ? (r.rps / floor.rps).toFixed(2) : '';
  console.log(`| ${r.name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${ratio} |`);
}
const reads = rows.filter((r) => r.floor && !r.name.includes('nodes') && !r.name.includes('preview'));
const worstRead = Math.min(...reads.map((r) => r.rps / (rows.find((x) => x.name === r.floor)?.rps ?? 1)));
const worstP99 = Math.max(...rows.filter((r) => r.name.startsWith('ours')).map((r) => r.p99));
console.log(
  `\nRead routes at ${(worstRead * 100).toFixed(0)} % of their floor or better (target ≥ 70 %); worst p99 of our routes ${worstP99} ms (target < 15 ms).`,
);
