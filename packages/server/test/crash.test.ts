// Kill -9 the real server while it sends, restart it, and check the invariants from the database
// and from the provider's own record of sends (a file that survives the crash).
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import { campaigns, jobs, leads, sends } from '../src/db/schema.js';
import { createEmailAccount } from '../src/domain/sender-accounts.js';
import { openDatabase } from '../src/node.js';
import { seed } from '../src/seed.js';
import { kill, startServer, until } from './process.js';

const RECIPIENTS = 150;

const start = (dbPath: string, mailLog: string) =>
  startServer({
    OUTBOUND_DB: dbPath,
    OUTBOUND_MAIL_LOG: mailLog,
    OUTBOUND_CAMPAIGN_TICK_MS: '20',
    OUTBOUND_JOB_LEASE_MS: '1000',
  });

const logLines = (path: string) =>
  existsSync(path)
    ? readFileSync(path, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { id: string; to: string[] })
    : [];

describe('crash safety', () => {
  it('after kill -9 during launching and sending, a restart leaves no duplicate send, no lost step, nothing stuck', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'outbound-crash-'));
    const dbPath = join(dir, 'db.sqlite');
    const mailLog = join(dir, 'mail.jsonl');

    // A ready email campaign with three senders, launched (the run is queued, not yet taken).
    const opened = openDatabase(dbPath);
    const app = createApp({ db: opened.db, config: { passwordIterations: 1000 } });
    const demo = await seed(app.ctx);
    for (const n of [2, 3])
      createEmailAccount(app.ctx, demo.userId, { email: `sender${n}@outbound.local`, provider: 'google' });
    const api = async (method: string, path: string, body?: unknown) => {
      const res = await app.request(path, {
        method,
        headers: { authorization: `Bearer ${demo.apiKey}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return res.json() as Promise<any>;
    };
    const id = (await api('POST', '/api/campaigns', { name: 'Crash', type: 'email', daily_limit: 500 })).campaign
      .id as string;
    await api('POST', `/api/campaigns/${id}/sequence/nodes`, {
      type: 'email',
      subject: 'Hi {{first_name}}',
      body: 'Hello',
    });
    const rows = Array.from({ length: RECIPIENTS }, (_, i) => ({ email: `r${i}@example.com`, first_name: `R${i}` }));
    expect((await api('POST', `/api/campaigns/${id}/leads`, { leads: rows })).added).toBe(RECIPIENTS);
    expect((await api('POST', `/api/campaigns/${id}/launch`)).success).toBe(true);
    opened.close();

    // Kill during the launch run, then twice more at random points of the sending run.
    let child = start(dbPath, mailLog);
    const watch = openDatabase(dbPath, { migrate: false });
    const status = () => watch.db.select({ s: campaigns.status }).from(campaigns).where(eq(campaigns.id, id)).get()?.s;
    await until(() => status() !== 'launching' || logLines(mailLog).length > 0, 20_000, 'the launch run');
    await kill(child);
    for (const threshold of [20 + Math.floor(Math.random() * 30), 70 + Math.floor(Math.random() * 30)]) {
      child = start(dbPath, mailLog);
      await until(() => logLines(mailLog).length >= threshold, 30_000, `${threshold} sends`);
      await kill(child);
    }
    child = start(dbPath, mailLog);
    try {
      await until(() => status() === 'completed', 60_000, 'completion');
    } finally {
      await kill(child);
    }

    const log = logLines(mailLog);
    const dbSends = watch.db.select().from(sends).where(eq(sends.campaignId, id)).all();
    const c = watch.db.select().from(campaigns).where(eq(campaigns.id, id)).get()!;
    // No duplicate send: one provider record per step, every recipient exactly once.
    expect(log).toHaveLength(RECIPIENTS);
    expect(new Set(log.map((l) => l.id)).size).toBe(RECIPIENTS);
    expect(new Set(log.map((l) => l.to[0])).size).toBe(RECIPIENTS);
    // No lost step: the database agrees with the provider, and every counter counted once.
    expect(dbSends).toHaveLength(RECIPIENTS);
    expect(dbSends.every((s) => s.status === 'sent')).toBe(true);
    expect(new Set(dbSends.map((s) => s.id))).toEqual(new Set(log.map((l) => l.id)));
    expect(c).toMatchObject({
      status: 'completed',
      statTotal: RECIPIENTS,
      statSent: RECIPIENTS,
      statCompleted: RECIPIENTS,
    });
    // Nothing stuck.
    expect(
      watch.db
        .select()
        .from(leads)
        .where(eq(leads.campaignId, id))
        .all()
        .every((l) => l.status === 'completed'),
    ).toBe(true);
    expect(
      watch.db
        .select()
        .from(jobs)
        .all()
        .filter((j) => j.status === 'running' || j.status === 'failed'),
    ).toEqual([]);
    watch.close();
  }, 180_000);
});
