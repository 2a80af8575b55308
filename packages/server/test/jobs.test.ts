// The durable job runner: atomic claims, leases, retries, idempotency keys, crash recovery.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../src/clock.js';
import { jobs } from '../src/db/schema.js';
import { JobRunner } from '../src/jobs/runner.js';
import { openDatabase } from '../src/node.js';

const setup = (leaseMs = 1_000) => {
  const opened = openDatabase(':memory:');
  const clock = new ManualClock(Date.UTC(2026, 0, 1));
  return { ...opened, clock, runner: new JobRunner(opened.db, clock, { leaseMs }) };
};

describe('JobRunner', () => {
  it('runs a job when it is due, not before', async () => {
    const { db, clock, runner } = setup();
    const seen: unknown[] = [];
    runner.register('t', (p) => {
      seen.push(p);
    });
    runner.enqueue(db, { type: 't', payload: { n: 1 }, runAt: clock.now() + 5_000 });
    expect(await runner.runDue()).toBe(0);
    clock.advance(5_000);
    expect(await runner.runDue()).toBe(1);
    expect(seen).toEqual([{ n: 1 }]);
    expect(db.select().from(jobs).get()?.status).toBe('done');
  });

  it('a claim is atomic: two runners never claim the same job', () => {
    const { db, clock } = setup();
    const a = new JobRunner(db, clock, { leaseMs: 1_000 });
    const b = new JobRunner(db, clock, { leaseMs: 1_000 });
    for (const r of [a, b]) r.register('t', () => {});
    a.enqueue(db, { type: 't' });
    expect(a.claim()).toBeDefined();
    expect(b.claim()).toBeUndefined();
  });

  it('a job whose lease expired is claimed again', () => {
    const { db, clock } = setup(1_000);
    const a = new JobRunner(db, clock, { leaseMs: 1_000 });
    const b = new JobRunner(db, clock, { leaseMs: 1_000 });
    for (const r of [a, b]) r.register('t', () => {});
    a.enqueue(db, { type: 't' });
    expect(a.claim()?.attempts).toBe(1);
    clock.advance(999);
    expect(b.claim()).toBeUndefined();
    clock.advance(1);
    expect(b.claim()?.attempts).toBe(2);
  });

  it('a failed attempt is retried with backoff, then marked failed after max attempts', async () => {
    const { db, clock, runner } = setup();
    let calls = 0;
    runner.register(
      't',
      () => {
        calls++;
        throw new Error('nope');
      },
      { maxAttempts: 3, backoffMs: (n) => n * 1000 },
    );
    runner.enqueue(db, { type: 't' });
    await runner.runDue();
    expect(calls).toBe(1);
    expect(db.select().from(jobs).get()).toMatchObject({
      status: 'pending',
      lastError: 'nope',
      runAt: clock.now() + 1000,
    });
    clock.advance(1000);
    await runner.runDue();
    clock.advance(2000);
    await runner.runDue();
    expect(calls).toBe(3);
    expect(db.select().from(jobs).get()?.status).toBe('failed');
    clock.advance(60_000);
    await runner.runDue();
    expect(calls).toBe(3);
  });

  it('an idempotency key makes a second enqueue a no-op', () => {
    const { db, runner } = setup();
    runner.register('t', () => {});
    runner.enqueue(db, { type: 't', idempotencyKey: 'k1' });
    runner.enqueue(db, { type: 't', idempotencyKey: 'k1' });
    runner.enqueue(db, { type: 't', idempotencyKey: 'k2' });
    expect(db.select().from(jobs).all()).toHaveLength(2);
  });

  it('a job enqueued inside a rolled-back transaction never runs', async () => {
    const { db, runner } = setup();
    runner.register('t', () => {});
    expect(() =>
      db.transaction((t) => {
        runner.enqueue(t, { type: 't' });
        throw new Error('rollback');
      }),
    ).toThrow('rollback');
    expect(await runner.runDue()).toBe(0);
  });

  it('after a crash, a claimed but unfinished job runs again after start-up, exactly once to completion', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'outbound-jobs-'));
    const dbPath = join(dir, 'jobs.db');
    const marker = join(dir, 'marker');
    const first = openDatabase(dbPath);
    new JobRunner(first.db, new ManualClock(Date.now()), { leaseMs: 2_000 }).enqueue(first.db, {
      type: 'test.work',
      payload: { n: 7 },
    });
    first.close();

    const worker = spawn(
      process.execPath,
      ['--import', 'tsx', '--conditions=source', join(__dirname, 'fixtures/job-worker.ts'), dbPath, marker],
      {
        stdio: 'ignore',
        cwd: join(__dirname, '..'),
      },
    );
    const exited = new Promise((r) => worker.on('exit', r));
    const deadline = Date.now() + 15_000;
    while (!(existsSync(marker) && readFileSync(marker, 'utf8').includes('started'))) {
      if (Date.now() > deadline) throw new Error('worker did not start the job');
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(worker.exitCode).toBeNull();
    worker.kill('SIGKILL');
    await exited;

    const reopened = openDatabase(dbPath);
    const claimed = reopened.db.select().from(jobs).get()!;
    expect(claimed).toMatchObject({ status: 'running', attempts: 1 });
    const clock = new ManualClock(claimed.leaseExpiresAt! + 1);
    const runner = new JobRunner(reopened.db, clock, { leaseMs: 2_000 });
    const runs: unknown[] = [];
    runner.register('test.work', (p) => {
      runs.push(p);
    });
    expect(await runner.runDue()).toBe(1);
    clock.advance(60_000);
    expect(await runner.runDue()).toBe(0);
    expect(runs).toEqual([{ n: 7 }]);
    expect(reopened.db.select().from(jobs).where(eq(jobs.id, claimed.id)).get()).toMatchObject({
      status: 'done',
      attempts: 2,
    });
    reopened.close();
  });
});
