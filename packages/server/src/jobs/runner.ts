import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import type { Db } from '../db/client.js';
import { jobs } from '../db/schema.js';
import type { Tx } from '../db/tx.js';
import { uuid } from '../lib/crypto.js';
import { type Logger, silentLogger } from '../logger.js';

export type Job = typeof jobs.$inferSelect;
export type JobHandler = (payload: unknown, job: Job) => Promise<void> | void;

export interface JobTypeOptions {
  /** Attempts before the job is marked failed. @default 5 */
  maxAttempts?: number;
  /** Delay before attempt n+1 after a failure, ms. @default 1 s doubling, capped at 1 h */
  backoffMs?: (attempt: number) => number;
}

export interface EnqueueOptions {
  type: string;
  payload?: unknown;
  /** When the job becomes due (ms since epoch). @default now */
  runAt?: number;
  /** A second enqueue with the same key is a no-op. */
  idempotencyKey?: string;
  maxAttempts?: number;
}

const defaultBackoff = (attempt: number) => Math.min(1000 * 2 ** (attempt - 1), 3_600_000);

/**
 * Durable background jobs on the `jobs` table, driven by the injected clock.
 * A job is claimed atomically with a lease; a job whose lease expires (its worker died) is
 * claimed again, so every job runs to completion at least once and completes exactly once.
 * Handlers must be idempotent for that reason.
 */
export class JobRunner {
  readonly #handlers = new Map<string, { handler: JobHandler; options: JobTypeOptions }>();
  readonly #workerId = uuid();
  #timer: ReturnType<typeof setInterval> | undefined;
  #running: Promise<number> | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly options: { leaseMs: number; logger?: Logger } = { leaseMs: 60_000 },
  ) {}

  get logger(): Logger {
    return this.options.logger ?? silentLogger;
  }

  register(type: string, handler: JobHandler, options: JobTypeOptions = {}): void {
    this.#handlers.set(type, { handler, options });
  }

  /** Adds a job, inside the caller's transaction when one is given. */
  enqueue(db: Db | Tx, opts: EnqueueOptions): void {
    const now = this.clock.now();
    db.insert(jobs)
      .values({
        id: uuid(),
        type: opts.type,
        payload: opts.payload ?? {},
        status: 'pending',
        runAt: opts.runAt ?? now,
        maxAttempts: opts.maxAttempts ?? this.#handlers.get(opts.type)?.options.maxAttempts ?? 5,
        idempotencyKey: opts.idempotencyKey ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: jobs.idempotencyKey })
      .run();
  }

  /** Claims one due job (or one whose lease expired), atomically. */
  claim(): Job | undefined {
    const now = this.clock.now();
    const types = [...this.#handlers.keys()];
    if (types.length === 0) return undefined;
    const due = this.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          inArray(jobs.type, types),
          or(
            and(eq(jobs.status, 'pending'), lte(jobs.runAt, now)),
            and(eq(jobs.status, 'running'), lte(jobs.leaseExpiresAt, now)),
          ),
        ),
      )
      .orderBy(asc(jobs.runAt))
      .limit(1);
    return this.db
      .update(jobs)
      .set({
        status: 'running',
        leaseExpiresAt: now + this.options.leaseMs,
        lockedBy: this.#workerId,
        updatedAt: now,
        attempts: sql`${jobs.attempts} + 1`,
      })
      .where(
        and(
          inArray(jobs.id, due),
          or(eq(jobs.status, 'pending'), and(eq(jobs.status, 'running'), lte(jobs.leaseExpiresAt, now))),
        ),
      )
      .returning()
      .get();
  }

  /** Runs one claimed job to its end: done, rescheduled, or failed. */
  async run(job: Job): Promise<void> {
    const entry = this.#handlers.get(job.type);
    if (!entry) return;
    const attempt = job.attempts;
    try {
      await entry.handler(job.payload, job);
      const done = this.db
        .update(jobs)
        .set({ status: 'done', leaseExpiresAt: null, updatedAt: this.clock.now(), lastError: null })
        .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, this.#workerId), eq(jobs.status, 'running')))
        .returning({ id: jobs.id })
        .get();
      if (!done) this.logger.warn({ job: job.id, type: job.type }, 'job completed after its lease was taken over');
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const max = job.maxAttempts;
      const backoff = entry.options.backoffMs ?? defaultBackoff;
      const failed = attempt >= max;
      this.db
        .update(jobs)
        .set({
          status: failed ? 'failed' : 'pending',
          runAt: failed ? job.runAt : this.clock.now() + backoff(attempt),
          leaseExpiresAt: null,
          lastError: message.slice(0, 2000),
          updatedAt: this.clock.now(),
        })
        .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, this.#workerId)))
        .run();
      this.logger.warn({ job: job.id, type: job.type, attempt, failed, err: message }, 'job attempt failed');
    }
  }

  /** Runs every job due now, one after another, including jobs that become due meanwhile. */
  async runDue(limit = 10_000): Promise<number> {
    if (this.#running) return this.#running;
    this.#running = (async () => {
      let count = 0;
      for (let job = this.claim(); job && count < limit; job = this.claim()) {
        await this.run(job);
        count++;
      }
      return count;
    })();
    try {
      return await this.#running;
    } finally {
      this.#running = undefined;
    }
  }

  /** Polls for due jobs every `intervalMs` until stopped (used by the Node server). */
  start(intervalMs = 250): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => {
      this.runDue().catch((err) => this.logger.error({ err: String(err) }, 'job loop failed'));
    }, intervalMs);
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#running;
  }
}
