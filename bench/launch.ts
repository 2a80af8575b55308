// Launch of a large campaign on a seeded SQLite file, through the real server over loopback HTTP.
// For 1 000 and 10 000 recipients (each in its own process): the launch call's latency, the time
// until the campaign is active, and the peak memory of the process.
// Run: pnpm bench:launch
import { fork } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, seed } from '@outbound/server';
import { listen, openDatabase } from '@outbound/server/node';

interface Result {
  recipients: number;
  launchMs: number;
  toActiveMs: number;
  peakRssMb: number;
  baselineRssMb: number;
}

async function measure(recipients: number): Promise<Result> {
  const opened = openDatabase(join(mkdtempSync(join(tmpdir(), 'outbound-bench-')), 'db.sqlite'));
  const app = createApp({ db: opened.db, config: { passwordIterations: 1000, rateLimit: false } });
  const demo = await seed(app.ctx);
  const { server, port } = await listen(app, { port: 0 });
  const base = `http://127.0.0.1:${port}`;
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${demo.apiKey}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    // biome-ignore lint/suspicious/noExplicitAny: bench reads a few known fields of the JSON answers.
    return { status: res.status, json: (await res.json()) as any };
  };
  const id = (await api('POST', '/api/campaigns', { name: 'Bench', type: 'email', daily_limit: 500 })).json.campaign.id;
  await api('POST', `/api/campaigns/${id}/sequence/nodes`, {
    type: 'email',
    subject: 'Hi {{first_name}}',
    body: 'Hello {{company}}',
  });
  for (let i = 0; i < recipients; i += 1000) {
    const rows = Array.from({ length: Math.min(1000, recipients - i) }, (_, k) => ({
      email: `r${i + k}@example.com`,
      first_name: `R${i + k}`,
      company: 'Acme',
    }));
    await api('POST', `/api/campaigns/${id}/leads`, { leads: rows });
  }
  global.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  app.runner.start(20);
  const t0 = performance.now();
  const launched = await api('POST', `/api/campaigns/${id}/launch`);
  const launchMs = performance.now() - t0;
  if (launched.status !== 200) throw new Error(`launch answered ${launched.status}: ${JSON.stringify(launched.json)}`);
  for (;;) {
    const c = await api('GET', `/api/campaigns/${id}`);
    if (c.json.campaign.status === 'active') break;
    await new Promise((r) => setTimeout(r, 10));
  }
  const toActiveMs = performance.now() - t0;
  clearInterval(sampler);
  await app.runner.stop();
  server.close();
  opened.close();
  return { recipients, launchMs, toActiveMs, peakRssMb: peak / 2 ** 20, baselineRssMb: baseline / 2 ** 20 };
}

if (process.argv[2] === 'child') {
  const r = await measure(Number(process.argv[3]));
  process.send?.(r);
} else {
  const results: Result[] = [];
  for (const n of [1_000, 10_000]) {
    const child = fork(import.meta.filename, ['child', String(n)], {
      execArgv: ['--import', 'tsx', '--conditions=source', '--expose-gc'],
    });
    results.push(await new Promise<Result>((resolve) => child.once('message', (m) => resolve(m as Result))));
    child.kill();
  }
  console.log('recipients  launch call  time to active  RSS before  peak RSS during launch');
  for (const r of results) {
    console.log(
      `${String(r.recipients).padStart(10)}  ${r.launchMs.toFixed(1).padStart(8)} ms  ${r.toActiveMs.toFixed(0).padStart(11)} ms  ${r.baselineRssMb.toFixed(1).padStart(7)} MB  ${r.peakRssMb.toFixed(1).padStart(8)} MB`,
    );
  }
  const [small, large] = results as [Result, Result];
  const growth = (r: Result) => r.peakRssMb - r.baselineRssMb;
  console.log();
  console.log(
    `launch call (10k) under 200 ms: ${large.launchMs < 200 ? 'met' : 'MISSED'} (${large.launchMs.toFixed(1)} ms)`,
  );
  console.log(
    `active within 30 s (10k): ${large.toActiveMs < 30_000 ? 'met' : 'MISSED'} (${(large.toActiveMs / 1000).toFixed(2)} s)`,
  );
  console.log(`memory growth during launch: 1k ${growth(small).toFixed(1)} MB, 10k ${growth(large).toFixed(1)} MB`);
}
