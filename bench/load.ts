// Mixed load: 50 concurrent clients for LOAD_SECONDS (default 60) against the real server in a
// child process, across reads, writes, launches and message sends. Afterwards the database file
// is read to check that every acknowledged write is there. Fails (exit 1) on any 5xx, any lost
// write, or any storage error text reaching a client.
// Run: pnpm bench:load
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, seed, tables } from '@outbound/server';
import { openDatabase } from '@outbound/server/node';
import { inArray } from 'drizzle-orm';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const CLIENTS = 50;

const dir = mkdtempSync(join(tmpdir(), 'outbound-load-'));
const file = join(dir, 'db.sqlite');
const setup = openDatabase(file);
const demo = await seed(createApp({ db: setup.db, config: { passwordIterations: 1000 } }).ctx);
setup.close();

const port = 38_300;
const child: ChildProcess = spawn(
  process.execPath,
  ['--import', 'tsx', '--conditions=source', 'server-target.ts', 'outbound', file, String(port), demo.userId],
  { cwd: import.meta.dirname, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, LOAD: '1' } },
);
await new Promise<void>((resolve, reject) => {
  child.stdout?.on('data', (d: Buffer) => d.toString().includes('ready') && resolve());
  child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
});
const base = `http://127.0.0.1:${port}`;

const counts = new Map<string, number>();
const fivexx: string[] = [];
let storageLeaks = 0;
const acknowledged = { campaigns: [] as string[], messages: [] as string[], leads: 0 };
const myCampaigns: string[] = [];
const threads: string[] = [];

/** The fields of the answers this script reads. */
interface Answer {
  campaign?: { id: string };
  thread?: { id: string };
  message?: { id: string };
  added?: number;
}

async function api(method: string, path: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${demo.apiKey}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const key = `${method} ${path.replace(/[0-9a-f-]{36}/g, '{id}').replace(/\?.*/, '')} ${res.status}`;
  counts.set(key, (counts.get(key) ?? 0) + 1);
  if (res.status >= 500) fivexx.push(`${key}: ${text.slice(0, 200)}`);
  if (/SQLITE|database is locked/i.test(text)) storageLeaks++;
  return { status: res.status, json: text ? (JSON.parse(text) as Answer) : undefined };
}

const pick = <T>(a: T[]) => a[Math.floor(Math.random() * a.length)];
const actions: Array<() => Promise<unknown>> = [
  () => api('GET', '/api/accounts'),
  () => api('GET', '/api/threads?limit=50'),
  () => api('GET', '/api/campaigns?limit=20'),
  () => api('POST', '/api/credits/preview', { action: 'EMAIL_LOOKUP', count: 10 }),
  async () => {
    const r = await api('POST', '/api/campaigns', { name: `Load ${Date.now()}`, type: 'email' });
    if (r.status === 201) {
      acknowledged.campaigns.push(r.json!.campaign!.id);
      myCampaigns.push(r.json!.campaign!.id);
    }
  },
  async () => {
    const id = pick(myCampaigns);
    if (id) await api('POST', `/api/campaigns/${id}/sequence/nodes`, { type: 'email', subject: 'Hi', body: 'Hello' });
  },
  async () => {
    const id = pick(myCampaigns);
    if (!id) return;
    const r = await api('POST', `/api/campaigns/${id}/leads`, {
      leads: [{ email: `lead-${Math.random().toString(36).slice(2)}@example.com`, first_name: 'Ada' }],
    });
    if (r.status === 200) acknowledged.leads += r.json!.added ?? 0;
  },
  async () => {
    const id = pick(myCampaigns);
    if (id) await api('POST', `/api/campaigns/${id}/launch`);
  },
  async () => {
    const r = await api('POST', '/api/threads', {
      channel: 'email',
      recipient_email: 'load@example.com',
      subject: 'Load',
    });
    if (r.status === 201) threads.push(r.json!.thread!.id);
  },
  async () => {
    const id = pick(threads);
    if (!id) return;
    const r = await api('POST', `/api/threads/${id}/messages`, {
      body_text: 'Load test message',
      account_id: demo.emailAccountId,
    });
    if (r.status === 201) acknowledged.messages.push(r.json!.message?.id ?? '');
  },
];

const until = Date.now() + SECONDS * 1000;
let requests = 0;
await Promise.all(
  Array.from({ length: CLIENTS }, async () => {
    while (Date.now() < until) {
      await pick(actions)!();
      requests++;
    }
  }),
);
child.kill('SIGTERM');
await new Promise((r) => child.once('exit', r));

// ── Check the file ─────────────────────────────────────────────────────────────────────
const check = openDatabase(file, { readonly: true });
const found = check.db
  .select({ id: tables.campaigns.id })
  .from(tables.campaigns)
  .where(inArray(tables.campaigns.id, acknowledged.campaigns.length ? acknowledged.campaigns : ['none']))
  .all().length;
const leadsStored = check.db.select({ id: tables.leads.id }).from(tables.leads).all().length;
const messageIds = acknowledged.messages.filter(Boolean);
const messagesFound = messageIds.length
  ? check.db
      .select({ id: tables.messages.id })
      .from(tables.messages)
      .where(inArray(tables.messages.id, messageIds))
      .all().length
  : 0;
check.close();
rmSync(dir, { recursive: true, force: true });

console.log(
  `\nMixed load: ${CLIENTS} clients, ${SECONDS} s, ${requests} requests (${Math.round(requests / SECONDS)}/s)\n`,
);
for (const [k, v] of [...counts.entries()].sort()) console.log(`  ${String(v).padStart(7)}  ${k}`);
const lost = acknowledged.campaigns.length - found + (messageIds.length - messagesFound);
console.log(`\n5xx answers: ${fivexx.length}`);
console.log(`storage errors reaching a client: ${storageLeaks}`);
console.log(`acknowledged campaigns ${acknowledged.campaigns.length}, in the database ${found}`);
console.log(`acknowledged messages ${messageIds.length}, in the database ${messagesFound}`);
console.log(
  `acknowledged recipients ${acknowledged.leads}, recipients stored ${leadsStored} (≥ acknowledged: seeded lists add more)`,
);
console.log(`lost writes: ${lost + Math.max(0, acknowledged.leads - leadsStored)}`);
for (const f of fivexx.slice(0, 10)) console.log(`  ${f}`);
process.exit(fivexx.length || storageLeaks || lost || acknowledged.leads > leadsStored ? 1 : 0);
