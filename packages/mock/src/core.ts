import { matchOperation, type Operation } from '@outbound/schema';
import {
  type BillingProvider,
  BillingUnavailableError,
  createApp,
  type Db,
  HttpError,
  localBilling,
  type MailProvider,
  MirrorRejectedError,
  migrate,
  type OutboundApp,
  ProviderSendError,
  RecordingMail,
  ResearchFailure,
  type ResearchProvider,
  renderError,
  type SchedulerProvider,
  type SeedResult,
  SimulatedResearch,
  SimulatedScheduler,
  seed,
  tables,
} from '@outbound/server';
import { and, asc, eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/sql-js';
import { HttpResponse, http } from 'msw';
import type { SqlJsStatic } from 'sql.js';
import { VirtualClock } from './clock.js';
import { MOCK_WEBHOOK_SECRET, type SignedDelivery, signWebhook } from './events.js';
import { Scenarios } from './scenarios.js';

export interface MockOptions {
  /** Base address the mock intercepts. @default 'https://api.outbound.test' */
  baseUrl?: string;
  /** `instant`: the clock stands still and background work completes as soon as asked. @default 'instant' */
  timing?: 'instant' | 'realistic';
  /** Seed of the demo data and of the stable credentials. @default 1 */
  seed?: number;
  /** Start of the virtual clock. @default now */
  startTime?: number | Date;
}

/** The seeded accounts and keys. Stable for a given seed, across resets and runs. */
export interface MockCredentials extends SeedResult {
  baseUrl: string;
}

/** A small deterministic PRNG (mulberry32) for the stable credentials. */
function stableToken(seed: number, salt: number): string {
  let a = (seed * 2654435761 + salt) >>> 0;
  const bytes = new Uint8Array(32);
  for (let i = 0; i < 32; i++) {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    bytes[i] = ((t ^ (t >>> 14)) >>> 0) & 0xff;
  }
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * The mock: the reference server's own app over an in-memory sql.js database, a virtual clock,
 * scenarios and state inspection. No rule of the API is implemented here a second time.
 */
export class OutboundMock {
  readonly baseUrl: string;
  readonly timing: 'instant' | 'realistic';
  readonly scenarios = new Scenarios();
  clock!: VirtualClock;
  app!: OutboundApp;
  db!: Db;
  credentials!: MockCredentials;
  readonly #seed: number;
  readonly #start: number | undefined;
  #loop: ReturnType<typeof setInterval> | undefined;
  #sentMail = new RecordingMail();
  #eventCursor = 0;
  #listeners: Array<(delivery: SignedDelivery) => void | Promise<void>> = [];
  #deliverTo: string | undefined;
  readonly #deliveries: Array<SignedDelivery & { url?: string; status?: number }> = [];

  private constructor(
    private readonly sql: SqlJsStatic,
    options: MockOptions,
  ) {
    this.baseUrl = (options.baseUrl ?? 'https://api.outbound.test').replace(/\/$/, '');
    this.timing = options.timing ?? 'instant';
    this.#seed = options.seed ?? 1;
    this.#start = options.startTime === undefined ? undefined : new Date(options.startTime).getTime();
  }

  static async create(sql: SqlJsStatic, options: MockOptions = {}): Promise<OutboundMock> {
    const mock = new OutboundMock(sql, options);
    await mock.#build();
    return mock;
  }

  async #build(): Promise<void> {
    const sqlite = new this.sql.Database();
    sqlite.run('PRAGMA foreign_keys = ON');
    const db = drizzle(sqlite, { schema: tables }) as unknown as Db;
    migrate(db);
    const clock = new VirtualClock(this.timing, this.#start);
    const app = createApp({
      db,
      clock,
      config: {
        baseUrl: this.baseUrl,
        mode: 'development',
        validateResponses: true,
        passwordIterations: 1000,
        rateLimit: false,
      },
      providers: {
        billing: this.#billing(localBilling(db)),
        mail: this.#mail(),
        scheduler: this.#scheduler(),
        research: this.#research(),
      },
    });
    clock.driver = {
      runDue: async () => {
        const ran = (await app.runner.runDue()) + (await app.webhooks.deliverDue());
        await this.flushEvents();
        return ran;
      },
      nextRunAt: () => {
        const job = db
          .select({ runAt: tables.jobs.runAt })
          .from(tables.jobs)
          .where(and(eq(tables.jobs.status, 'pending')))
          .orderBy(asc(tables.jobs.runAt))
          .limit(1)
          .get()?.runAt;
        const delivery = app.webhooks.nextDueAt();
        if (job === undefined) return delivery;
        return delivery === undefined ? job : Math.min(job, delivery);
      },
    };
    const seeded = await seed(app.ctx, {
      randomSeed: this.#seed,
      apiKey: `pk_live_${stableToken(this.#seed, 1)}`,
      partnerKey: `ptk_live_${stableToken(this.#seed, 2)}`,
    });
    this.db = db;
    this.clock = clock;
    this.app = app;
    this.credentials = { ...seeded, baseUrl: this.baseUrl };
  }

  /** Mail kept in memory (see `state.mail()`), failing on demand. */
  #mail(): MailProvider {
    const inner = new RecordingMail();
    this.#sentMail = inner;
    return {
      send: async (message) => {
        if (this.scenarios.takeProviderFailure('send')) throw new ProviderSendError('send failed (mock scenario)');
        return inner.send(message);
      },
    };
  }

  #scheduler(): SchedulerProvider {
    const inner = new SimulatedScheduler();
    return {
      mirror: async (post) => {
        if (this.scenarios.takeProviderFailure('postMirror'))
          throw new MirrorRejectedError('mirror rejected (mock scenario)');
        return inner.mirror(post);
      },
      status: (id, now) => inner.status(id, now),
    };
  }

  #research(): ResearchProvider {
    const inner = new SimulatedResearch();
    return {
      research: async (subject) => {
        if (this.scenarios.takeProviderFailure('research'))
          throw new ResearchFailure('provider_error', 'research failed (mock scenario)');
        return inner.research(subject);
      },
    };
  }

  #billing(inner: BillingProvider): BillingProvider {
    const down = () => {
      if (this.scenarios.billingDown) throw new BillingUnavailableError('billing provider unreachable (mock scenario)');
    };
    return {
      planState: async (userId) => {
        down();
        return inner.planState(userId);
      },
      balance: async (owner) => {
        down();
        return inner.balance(owner);
      },
    };
  }

  /** Answers one request: scenarios first, then the server's own app, then (instant) pending work. */
  async fetch(request: Request): Promise<Response> {
    if (this.scenarios.latencyMs > 0) await new Promise((r) => setTimeout(r, this.scenarios.latencyMs));
    const url = new URL(request.url);
    const hit = matchOperation(request.method, url.pathname);
    const forced = hit ? this.scenarios.take(hit.operation.operationId) : undefined;
    if (forced && hit) return this.#forced(forced, hit.operation);
    const response = await this.app.fetch(request);
    if (this.timing === 'instant') await this.clock.settle();
    await this.flushEvents();
    return response;
  }

  #forced(rule: { status: number; retryAfter?: number; message?: string; reason?: string }, op: Operation): Response {
    const headers: Record<string, string> = { 'content-type': 'application/json', 'x-request-id': crypto.randomUUID() };
    const message =
      rule.message ??
      (rule.status === 429
        ? `Rate limit exceeded: retry after ${rule.retryAfter} seconds`
        : `Forced ${rule.status} (mock scenario)`);
    if (rule.retryAfter !== undefined) headers['Retry-After'] = String(rule.retryAfter);
    const rendered = renderError(new HttpError(rule.status, message, rule.reason ? { reason: rule.reason } : {}), op);
    return new Response(JSON.stringify(rendered.body), { status: rule.status, headers });
  }

  /**
   * Webhook events, signed with {@link MOCK_WEBHOOK_SECRET}: every event the app writes is handed
   * to the listeners in-process, and POSTed to the URL given to {@link deliverEventsTo}.
   */
  get events() {
    return {
      secret: MOCK_WEBHOOK_SECRET,
      on: (listener: (delivery: SignedDelivery) => void | Promise<void>) => {
        this.#listeners.push(listener);
      },
      deliverTo: (url: string | undefined) => {
        this.#deliverTo = url;
      },
      deliveries: () => [...this.#deliveries],
      flush: () => this.flushEvents(),
    };
  }

  /** Hands out every event written since the last flush, in order. */
  async flushEvents(): Promise<void> {
    const rows = this.db
      .select({
        rowid: sql<number>`rowid`,
        id: tables.events.id,
        payload: tables.events.payload,
        createdAt: tables.events.createdAt,
      })
      .from(tables.events)
      .where(sql`rowid > ${this.#eventCursor}`)
      .orderBy(sql`rowid`)
      .all();
    for (const row of rows) {
      this.#eventCursor = row.rowid;
      const body = JSON.stringify(row.payload);
      const headers = await signWebhook(`msg_${row.id.replace(/-/g, '')}`, Math.floor(row.createdAt / 1000), body);
      const delivery: SignedDelivery = { event: row.payload as SignedDelivery['event'], body, headers };
      for (const listener of this.#listeners) await listener(delivery);
      if (this.#deliverTo) {
        const res = await fetch(this.#deliverTo, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body,
        }).catch(() => undefined);
        this.#deliveries.push({ ...delivery, url: this.#deliverTo, status: res?.status });
      } else {
        this.#deliveries.push(delivery);
      }
    }
  }

  /** MSW request handlers that route every request under the base URL to {@link fetch}. */
  get handlers() {
    const escaped = this.baseUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return [
      http.all(new RegExp(`^${escaped}/`), async ({ request }) => {
        const res = await this.fetch(request);
        return new HttpResponse(res.body, { status: res.status, headers: res.headers });
      }),
    ];
  }

  /** Starts running due jobs in the background (realistic timing). */
  startBackground(intervalMs = 200): void {
    if (this.timing !== 'realistic' || this.#loop) return;
    this.#loop = setInterval(() => void this.clock.runAll(), intervalMs);
  }

  stopBackground(): void {
    if (this.#loop) clearInterval(this.#loop);
    this.#loop = undefined;
  }

  /** A fresh database with the same seed and credentials; scenarios cleared. */
  async reset(): Promise<void> {
    this.scenarios.clear();
    // Listeners and the delivery URL are test wiring: they stay across resets.
    this.#eventCursor = 0;
    this.#deliveries.length = 0;
    await this.#build();
  }

  /** Read-only views of the mock's records. */
  get state() {
    const db = this.db;
    return {
      accounts: () => db.select().from(tables.senderAccounts).all(),
      campaign: (id: string) => db.select().from(tables.campaigns).where(eq(tables.campaigns.id, id)).get(),
      sends: () => db.select().from(tables.sends).all(),
      mail: () => this.#sentMail.sent,
      deliveries: () => [...this.#deliveries],
      jobs: () => db.select().from(tables.jobs).all(),
      signals: () => db.select().from(tables.signals).all(),
      db,
      tables,
    };
  }
}
