import { EVENT_TYPES, type EventType, LIMITS, type WebhookEventOf } from '@outbound/schema';
import { and, asc, desc, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import {
  events,
  partners,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  webhookSecrets,
} from '../db/schema.js';
import { type Tx, tx } from '../db/tx.js';
import { uuid } from '../lib/crypto.js';
import { isLocalhostName, isLoopbackAddress, isPrivateAddress } from '../lib/net.js';
import { iso } from '../lib/time.js';
import { SNIPPET_CHARS } from '../providers/webhooks.js';

export type Endpoint = typeof webhookEndpoints.$inferSelect;
export type Delivery = typeof webhookDeliveries.$inferSelect;
export type Attempt = typeof webhookAttempts.$inferSelect;

const encoder = new TextEncoder();
const MAX_URL = 2048;
const MAX_DESCRIPTION = 200;

/** A new Standard Webhooks signing secret: `whsec_` and 24 random bytes in base64. */
export function newSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return `whsec_${btoa(String.fromCharCode(...bytes))}`;
}

/** `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` under a `whsec_` secret (Standard Webhooks). */
export async function signPayload(secret: string, id: string, timestamp: number, body: string): Promise<string> {
  const raw = Uint8Array.from(atob(secret.replace(/^whsec_/, '')), (c) => c.charCodeAt(0));
  const key = await crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(`${id}.${timestamp}.${body}`)));
  return `v1,${btoa(String.fromCharCode(...mac))}`;
}

/** True for a host name or address literal that must not receive webhooks in production. */
export function isPrivateHost(host: string): boolean {
  const h = host.toLowerCase();
  return isLocalhostName(h) || h.endsWith('.local') || h.endsWith('.internal') || isPrivateAddress(h);
}

const isLoopbackHost = (host: string) => isLocalhostName(host) || isLoopbackAddress(host);

/**
 * Why an endpoint URL is refused, or undefined when it is acceptable. Production accepts only
 * HTTPS to public hosts; development and test modes also accept plain http on loopback and
 * private addresses, for receivers on the same machine.
 */
export function endpointUrlProblem(raw: string, mode: AppContext['config']['mode']): string | undefined {
  if (raw.length > MAX_URL) return `The URL is longer than ${MAX_URL} characters.`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'Enter a full URL, starting with https://';
  }
  if (url.username || url.password) return 'The URL must not contain a user name or password.';
  const development = mode !== 'production';
  if (url.protocol === 'http:') {
    if (!(development && isLoopbackHost(url.hostname)))
      return development
        ? 'Plain http is accepted for loopback addresses only; use https://'
        : 'Endpoints must use https://';
  } else if (url.protocol !== 'https:') {
    return 'Endpoints must use https://';
  }
  if (!development && isPrivateHost(url.hostname))
    return 'Endpoints must be reachable on the public internet (private, loopback and link-local addresses are refused).';
  return undefined;
}

export function eventTypesFrom(values: unknown): EventType[] {
  const list = (Array.isArray(values) ? values : [values]).map(String);
  return EVENT_TYPES.filter((t) => list.includes(t));
}

// ── Endpoints ────────────────────────────────────────────────────────────────────────────

export function listEndpoints(ctx: AppContext, partnerId: string): Endpoint[] {
  return ctx.db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.partnerId, partnerId))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id))
    .all();
}

export function getEndpoint(ctx: AppContext, partnerId: string, id: string): Endpoint | undefined {
  return ctx.db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.partnerId, partnerId)))
    .get();
}

export type EndpointInput = { url: string; description?: string; eventTypes: EventType[] };

export function createEndpoint(
  ctx: AppContext,
  partnerId: string,
  input: EndpointInput,
): { ok: true; endpoint: Endpoint } | { ok: false; problem: string } {
  const url = input.url.trim();
  const problem = endpointUrlProblem(url, ctx.config.mode);
  if (problem) return { ok: false, problem };
  if (input.eventTypes.length === 0) return { ok: false, problem: 'Choose at least one event type.' };
  const now = ctx.clock.now();
  const endpoint: Endpoint = {
    id: uuid(),
    partnerId,
    url,
    description: input.description?.trim().slice(0, MAX_DESCRIPTION) || null,
    eventTypes: input.eventTypes,
    createdAt: now,
    updatedAt: now,
  };
  tx(ctx.db, (t) => {
    t.insert(webhookEndpoints).values(endpoint).run();
    t.insert(webhookSecrets).values({ id: uuid(), endpointId: endpoint.id, secret: newSecret(), createdAt: now }).run();
  });
  return { ok: true, endpoint };
}

export function setEventTypes(ctx: AppContext, partnerId: string, id: string, eventTypes: EventType[]): boolean {
  if (eventTypes.length === 0) return false;
  const row = ctx.db
    .update(webhookEndpoints)
    .set({ eventTypes, updatedAt: ctx.clock.now() })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.partnerId, partnerId)))
    .returning({ id: webhookEndpoints.id })
    .get();
  return row !== undefined;
}

/** Removes an endpoint with its secrets and delivery log; pending deliveries to it stop. */
export function deleteEndpoint(ctx: AppContext, partnerId: string, id: string): boolean {
  const row = ctx.db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.partnerId, partnerId)))
    .returning({ id: webhookEndpoints.id })
    .get();
  return row !== undefined;
}

/** The secret a receiver should store now (the newest one). */
export function currentSecret(ctx: AppContext, endpointId: string): string | undefined {
  return ctx.db
    .select({ secret: webhookSecrets.secret })
    .from(webhookSecrets)
    .where(and(eq(webhookSecrets.endpointId, endpointId), isNull(webhookSecrets.expiresAt)))
    .get()?.secret;
}

/** Every secret that signs a delivery now: the current one and those still in their overlap. */
export function signingSecrets(ctx: AppContext, endpointId: string): string[] {
  return ctx.db
    .select({ secret: webhookSecrets.secret })
    .from(webhookSecrets)
    .where(
      and(
        eq(webhookSecrets.endpointId, endpointId),
        or(isNull(webhookSecrets.expiresAt), gt(webhookSecrets.expiresAt, ctx.clock.now())),
      ),
    )
    .orderBy(desc(webhookSecrets.createdAt))
    .all()
    .map((r) => r.secret);
}

/**
 * Replaces the signing secret. The previous one keeps signing for `webhookSecretOverlapMs`, so
 * every delivery in that window carries signatures under both and a receiver can switch at
 * any moment in it.
 */
export function rotateSecret(ctx: AppContext, partnerId: string, id: string): string | undefined {
  if (!getEndpoint(ctx, partnerId, id)) return undefined;
  const now = ctx.clock.now();
  const secret = newSecret();
  tx(ctx.db, (t) => {
    t.update(webhookSecrets)
      .set({ expiresAt: now + ctx.config.webhookSecretOverlapMs })
      .where(and(eq(webhookSecrets.endpointId, id), isNull(webhookSecrets.expiresAt)))
      .run();
    t.delete(webhookSecrets)
      .where(and(eq(webhookSecrets.endpointId, id), lte(webhookSecrets.expiresAt, now)))
      .run();
    t.insert(webhookSecrets).values({ id: uuid(), endpointId: id, secret, createdAt: now }).run();
  });
  return secret;
}

// ── Fan-out ──────────────────────────────────────────────────────────────────────────────

/**
 * Queues one delivery of an event per subscribed endpoint, in the transaction that wrote the
 * event: an event is never without its deliveries, and a rolled-back change sends nothing.
 * Partner events go to that partner; account events (signals) to the partners linked to the account.
 */
export function fanOut(
  t: Tx,
  event: { id: string; type: EventType; partnerId: string | null; userId: string | null },
  now: number,
): number {
  const owners: string[] = [];
  if (event.partnerId) owners.push(event.partnerId);
  else if (event.userId) {
    for (const p of t.select({ id: partners.id }).from(partners).where(eq(partners.userId, event.userId)).all())
      owners.push(p.id);
  }
  if (owners.length === 0) return 0;
  const targets = t
    .select({ id: webhookEndpoints.id, eventTypes: webhookEndpoints.eventTypes })
    .from(webhookEndpoints)
    .where(inArray(webhookEndpoints.partnerId, owners))
    .all()
    .filter((e) => e.eventTypes.includes(event.type));
  for (const e of targets) queueDelivery(t, event.id, e.id, now);
  return targets.length;
}

function queueDelivery(t: Tx, eventId: string, endpointId: string, now: number): string {
  const id = `msg_${uuid().replace(/-/g, '')}`;
  t.insert(webhookDeliveries)
    .values({ id, endpointId, eventId, status: 'pending', nextAttemptAt: now, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .run();
  return id;
}

/** Example data of each event type, for test events sent from the portal. */
export function exampleEvent<T extends EventType>(type: T, baseUrl: string, now: number): WebhookEventOf<T> {
  const id = '00000000-0000-4000-8000-000000000000';
  const data: { [K in EventType]: WebhookEventOf<K>['data'] } = {
    'signal.detected': {
      id,
      signal_type_label: 'Funding round',
      headline: 'Example Corp raised a Series B (test event)',
      score: 87,
      source: 'test',
      detected_at: iso(now),
    },
    'research.complete': {
      id,
      first_name: 'Ada',
      last_name: 'Example',
      company: 'Example Corp',
      icp_score: 72,
      report_url: `${baseUrl.replace(/\/$/, '')}/api/v1/deep-research/${id}`,
    },
    'research.failed': {
      id,
      first_name: 'Ada',
      last_name: 'Example',
      linkedin_url: 'https://www.linkedin.com/in/ada-example',
      error: { code: 'profile_not_found', message: 'Test event: the profile could not be found.' },
      failed_at: iso(now),
    },
  };
  return { type, timestamp: iso(now), data: data[type] } as WebhookEventOf<T>;
}

/** Writes a test event of `type` and queues it to one endpoint only. Returns the delivery id. */
export function queueTestEvent(
  ctx: AppContext,
  partnerId: string,
  endpointId: string,
  type: EventType,
): string | undefined {
  if (!getEndpoint(ctx, partnerId, endpointId)) return undefined;
  const now = ctx.clock.now();
  return tx(ctx.db, (t) => {
    const eventId = uuid();
    t.insert(events)
      .values({
        id: eventId,
        partnerId,
        userId: null,
        type,
        payload: exampleEvent(type, ctx.config.baseUrl, now),
        createdAt: now,
      })
      .run();
    return queueDelivery(t, eventId, endpointId, now);
  });
}

// ── Delivery log ─────────────────────────────────────────────────────────────────────────

export interface LogEntry {
  delivery: Delivery;
  type: EventType;
  attempts: Attempt[];
}

/** The newest deliveries to an endpoint, each with its attempts (newest first). */
export function deliveryLog(ctx: AppContext, partnerId: string, endpointId: string, limit = 50): LogEntry[] {
  if (!getEndpoint(ctx, partnerId, endpointId)) return [];
  const rows = ctx.db
    .select({ delivery: webhookDeliveries, type: events.type })
    .from(webhookDeliveries)
    .innerJoin(events, eq(events.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit)
    .all();
  if (rows.length === 0) return [];
  const attempts = ctx.db
    .select()
    .from(webhookAttempts)
    .where(
      inArray(
        webhookAttempts.deliveryId,
        rows.map((r) => r.delivery.id),
      ),
    )
    .orderBy(desc(webhookAttempts.startedAt), desc(webhookAttempts.id))
    .all();
  return rows.map((r) => ({
    delivery: r.delivery,
    type: r.type,
    attempts: attempts.filter((a) => a.deliveryId === r.delivery.id),
  }));
}

/** The delivery if it belongs to the partner. */
export function ownedDelivery(ctx: AppContext, partnerId: string, deliveryId: string): Delivery | undefined {
  return ctx.db
    .select({ delivery: webhookDeliveries })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookEndpoints.partnerId, partnerId)))
    .get()?.delivery;
}

// ── Dispatch ─────────────────────────────────────────────────────────────────────────────

/** Delay before the attempt after `failures` failed ones: base·3^(n-1), capped at 12 h, ±20 % jitter. */
export function retryDelay(failures: number, baseMs: number, random: () => number = Math.random): number {
  const raw = Math.min(baseMs * 3 ** Math.max(0, failures - 1), 12 * 3_600_000);
  return Math.round(raw * (0.8 + 0.4 * random()));
}

const CONCURRENCY = 8;

/**
 * Sends queued deliveries. A delivery is claimed with a lease (longer than the attempt
 * time-out), so after a crash it is claimed again once the lease runs out, and two workers never
 * send it at the same time. A 2xx marks it succeeded before anything else can claim it, so it is
 * never sent again automatically; a failure schedules the next attempt by `retryDelay` until the
 * retry horizon (3 days after the event) has passed.
 */
export class WebhookDispatcher {
  readonly #worker = uuid();
  #timer: ReturnType<typeof setInterval> | undefined;
  #running: Promise<number> | undefined;

  constructor(private readonly ctx: AppContext) {}

  get #leaseMs(): number {
    const timeout = this.ctx.config.webhookTimeoutMs;
    return timeout * 2 + Math.min(5_000, timeout);
  }

  /** Claims up to `limit` due deliveries. */
  claim(limit: number): Delivery[] {
    const now = this.ctx.clock.now();
    const due = this.ctx.db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.status, 'pending'),
          lte(webhookDeliveries.nextAttemptAt, now),
          or(isNull(webhookDeliveries.leaseExpiresAt), lte(webhookDeliveries.leaseExpiresAt, now)),
        ),
      )
      .orderBy(asc(webhookDeliveries.nextAttemptAt))
      .limit(limit);
    return this.ctx.db
      .update(webhookDeliveries)
      .set({ leaseExpiresAt: now + this.#leaseMs, lockedBy: this.#worker, updatedAt: now })
      .where(
        and(
          inArray(webhookDeliveries.id, due),
          eq(webhookDeliveries.status, 'pending'),
          or(isNull(webhookDeliveries.leaseExpiresAt), lte(webhookDeliveries.leaseExpiresAt, now)),
        ),
      )
      .returning()
      .all();
  }

  /** Sends every due delivery (up to 8 at once), including ones that fall due meanwhile. */
  async deliverDue(): Promise<number> {
    if (this.#running) return this.#running;
    this.#running = (async () => {
      let count = 0;
      for (let batch = this.claim(CONCURRENCY); batch.length > 0; batch = this.claim(CONCURRENCY)) {
        await Promise.all(batch.map((d) => this.#attempt(d, 'scheduled')));
        count += batch.length;
      }
      return count;
    })();
    try {
      return await this.#running;
    } finally {
      this.#running = undefined;
    }
  }

  /** When the next queued delivery falls due (for virtual clocks). */
  nextDueAt(): number | undefined {
    return (
      this.ctx.db
        .select({ at: webhookDeliveries.nextAttemptAt })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.status, 'pending'))
        .orderBy(asc(webhookDeliveries.nextAttemptAt))
        .limit(1)
        .get()?.at ?? undefined
    );
  }

  /**
   * A manual retry: one attempt now, whatever the delivery's state (a succeeded delivery is sent
   * again because a person asked). Refused while another attempt holds the delivery.
   */
  async retryNow(deliveryId: string, trigger: Attempt['trigger'] = 'manual'): Promise<Attempt | 'busy' | undefined> {
    const now = this.ctx.clock.now();
    const claimed = this.ctx.db
      .update(webhookDeliveries)
      .set({ leaseExpiresAt: now + this.#leaseMs, lockedBy: this.#worker, updatedAt: now })
      .where(
        and(
          eq(webhookDeliveries.id, deliveryId),
          or(isNull(webhookDeliveries.leaseExpiresAt), lte(webhookDeliveries.leaseExpiresAt, now)),
        ),
      )
      .returning()
      .get();
    if (!claimed) {
      const exists = this.ctx.db
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.id, deliveryId))
        .get();
      return exists ? 'busy' : undefined;
    }
    return this.#attempt(claimed, trigger);
  }

  async #attempt(d: Delivery, trigger: Attempt['trigger']): Promise<Attempt> {
    const { ctx } = this;
    const target = ctx.db
      .select({ url: webhookEndpoints.url, payload: events.payload, createdAt: events.createdAt })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .innerJoin(events, eq(events.id, webhookDeliveries.eventId))
      .where(eq(webhookDeliveries.id, d.id))
      .get();
    const startedAt = ctx.clock.now();
    let statusCode: number | null = null;
    let snippet: string | null = null;
    let error: string | null = null;
    const t0 = performance.now();
    if (!target) {
      error = 'endpoint removed';
    } else {
      // The body is the stored envelope, byte for byte the same on every attempt.
      const body = JSON.stringify(target.payload);
      // Receivers compare the timestamp with their own clock, so it is the wall-clock time of
      // the attempt, not the app clock (which tests and the mock move at will).
      const timestamp = Math.floor(Date.now() / 1000);
      const signatures = await Promise.all(
        signingSecrets(ctx, d.endpointId).map((s) => signPayload(s, d.id, timestamp, body)),
      );
      const signature = signatures.join(' ');
      try {
        const res = await ctx.providers.webhooks.post({
          url: target.url,
          body,
          timeoutMs: ctx.config.webhookTimeoutMs,
          headers: {
            'content-type': 'application/json',
            'user-agent': 'Outbound-Webhooks/1.0',
            'webhook-id': d.id,
            'webhook-timestamp': String(timestamp),
            'webhook-signature': signature,
            'svix-id': d.id,
            'svix-timestamp': String(timestamp),
            'svix-signature': signature,
          },
        });
        statusCode = res.status;
        snippet = res.body.slice(0, SNIPPET_CHARS);
      } catch (err) {
        error = describe(err, ctx.config.webhookTimeoutMs);
      }
    }
    const latencyMs = Math.round(performance.now() - t0);
    const ok = statusCode !== null && statusCode >= 200 && statusCode < 300;
    if (!ok && !error) error = `HTTP ${statusCode}`;
    const attempt: Attempt = {
      id: uuid(),
      deliveryId: d.id,
      trigger,
      startedAt,
      statusCode,
      latencyMs,
      responseSnippet: snippet,
      error,
    };
    const now = ctx.clock.now();
    tx(ctx.db, (t) => {
      const current = t.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, d.id)).get();
      if (!current) return;
      t.insert(webhookAttempts).values(attempt).run();
      const attempts = current.attempts + 1;
      let next: Partial<Delivery>;
      if (ok) next = { status: 'succeeded', nextAttemptAt: null };
      else if (current.status !== 'pending') next = {};
      else {
        const at = now + retryDelay(attempts, ctx.config.webhookRetryBaseMs);
        const horizon = (target?.createdAt ?? current.createdAt) + LIMITS.webhookRetryHorizonMs;
        next = target && at <= horizon ? { nextAttemptAt: at } : { status: 'failed', nextAttemptAt: null };
      }
      t.update(webhookDeliveries)
        .set({ ...next, attempts, leaseExpiresAt: null, lockedBy: null, updatedAt: now })
        .where(and(eq(webhookDeliveries.id, d.id), eq(webhookDeliveries.lockedBy, this.#worker)))
        .run();
    });
    if (!ok) ctx.logger.info({ delivery: d.id, statusCode, error }, 'webhook attempt failed');
    return attempt;
  }

  /** Sends due deliveries every `intervalMs` until stopped (used by the Node server). */
  start(intervalMs = 500): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => {
      this.deliverDue().catch((err) => this.ctx.logger.error({ err: String(err) }, 'webhook loop failed'));
    }, intervalMs);
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#running;
  }
}

function describe(err: unknown, timeoutMs: number): string {
  if (err instanceof Error) {
    if (err.name === 'TimeoutError' || err.name === 'AbortError') return `no answer within ${timeoutMs / 1000} s`;
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    return (cause?.code ?? cause?.message ?? err.message).slice(0, 300);
  }
  return String(err).slice(0, 300);
}
