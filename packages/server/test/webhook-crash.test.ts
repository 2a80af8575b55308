// Kill -9 the real server during a webhook retry storm, at random moments, restart it, and check
// from the database and from a receiver that verifies every delivery with `standardwebhooks`:
// every event arrives, nothing is stuck, and a second 2xx for the same message only ever comes
// from an attempt that was in flight at a kill (at most 8 per kill: the dispatcher's batch).
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import { webhookDeliveries } from '../src/db/schema.js';
import { tx } from '../src/db/tx.js';
import { emitEvent } from '../src/domain/events.js';
import { createEndpoint, currentSecret } from '../src/domain/webhooks.js';
import { openDatabase } from '../src/node.js';
import { seed } from '../src/seed.js';
import { kill, startServer, until } from './process.js';
import { Receiver } from './receiver.js';

const EVENTS = 120;

const start = (dbPath: string) =>
  startServer({
    OUTBOUND_DB: dbPath,
    OUTBOUND_MODE: 'development',
    OUTBOUND_WEBHOOK_TIMEOUT_MS: '300',
    OUTBOUND_WEBHOOK_RETRY_BASE_MS: '40',
  });

describe('webhook crash safety', () => {
  it('kill -9 during a retry storm and again while deliveries succeed: every event arrives, nothing stuck', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'outbound-webhook-crash-'));
    const dbPath = join(dir, 'db.sqlite');
    const receiver = await new Receiver().start();
    const setup = openDatabase(dbPath);
    const app = createApp({ db: setup.db, config: { passwordIterations: 1000, mode: 'development' } });
    const demo = await seed(app.ctx);
    const endpoint = createEndpoint(app.ctx, demo.partnerId, { url: receiver.url, eventTypes: ['research.complete'] });
    if (!endpoint.ok) throw new Error(endpoint.problem);
    receiver.secrets = [currentSecret(app.ctx, endpoint.endpoint.id)!];
    for (let i = 0; i < EVENTS; i++) {
      tx(setup.db, (t) =>
        emitEvent(
          t,
          { partnerId: demo.partnerId },
          'research.complete',
          {
            id: crypto.randomUUID(),
            first_name: 'Ada',
            last_name: `Crash ${i}`,
            company: 'Engines',
            icp_score: 50,
            report_url: 'https://x.test/r',
          },
          Date.now(),
        ),
      );
    }
    const rows = () => setup.db.select().from(webhookDeliveries).all();
    let kills = 0;
    let child: ChildProcess | undefined;
    try {
      // 1. The receiver fails everything: a retry storm. Kill at a random moment of it.
      receiver.status = 500;
      child = start(dbPath);
      await until(() => rows().some((d) => d.attempts >= 2), 30_000, 'retries');
      await new Promise((r) => setTimeout(r, Math.random() * 400));
      await kill(child);
      kills++;
      expect(rows().every((d) => d.status === 'pending')).toBe(true);

      // 2. The receiver recovers; kill again while deliveries are succeeding.
      receiver.status = 204;
      child = start(dbPath);
      const ok = () => receiver.received.filter((r) => r.answered >= 200 && r.answered < 300);
      await until(() => rows().filter((d) => d.status === 'succeeded').length >= 20, 30_000, 'first successes');
      await new Promise((r) => setTimeout(r, Math.random() * 60));
      await kill(child);
      kills++;

      // 3. A last start finishes the work.
      child = start(dbPath);
      await until(() => rows().every((d) => d.status === 'succeeded'), 60_000, 'every delivery to succeed');
      await kill(child);
      child = undefined;

      expect(receiver.rejected).toEqual([]);
      // Every event got a 2xx.
      expect(new Set(ok().map((r) => r.id)).size).toBe(EVENTS);
      // A 2xx answered twice for one message: only attempts in flight at a kill can do that.
      const successes = new Map<string, number>();
      for (const r of ok()) successes.set(r.id, (successes.get(r.id) ?? 0) + 1);
      const twice = [...successes.values()].filter((n) => n > 1).length;
      console.log(
        `webhook crash: ${receiver.received.length} attempts received, ${twice} messages answered 2xx twice, ${kills} kills`,
      );
      expect(twice).toBeLessThanOrEqual(kills * 8);
      // Nothing stuck: no lease left behind, no delivery pending or failed.
      expect(rows().every((d) => d.leaseExpiresAt === null && d.lockedBy === null)).toBe(true);
    } finally {
      if (child) await kill(child);
      await receiver.stop();
      setup.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 150_000);
});
