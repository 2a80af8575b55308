// Events and webhook delivery (spec: Events; design.md §2 Webhooks): fan-out per endpoint and
// event type, Standard Webhooks signatures checked by the public `standardwebhooks` library,
// the 30 s answer rule, backoff with jitter for up to 3 days, the attempt log, manual retry,
// secret rotation with overlap, restart safety and never a second automatic send after a 2xx.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EVENT_TYPES, type EventType, LIMITS, WebhookEvent } from '@outbound/schema';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import { ManualClock } from '../src/clock.js';
import { entities, webhookAttempts, webhookDeliveries } from '../src/db/schema.js';
import { tx } from '../src/db/tx.js';
import { emitEvent } from '../src/domain/events.js';
import {
  createEndpoint,
  currentSecret,
  deliveryLog,
  endpointUrlProblem,
  exampleEvent,
  retryDelay,
  rotateSecret,
  signingSecrets,
} from '../src/domain/webhooks.js';
import { INBOUND_EMAIL_PATH, INBOUND_SIGNALS_PATH, INBOUND_SOCIALNET_PATH } from '../src/http/inbound.js';
import { hmacSha256Hex } from '../src/lib/crypto.js';
import { NodeWebhookSender, openDatabase } from '../src/node.js';
import { seed } from '../src/seed.js';
import { call, START, type TestWorld, world } from './helpers.js';
import { Receiver } from './receiver.js';

let w: TestWorld;
let receiver: Receiver;
beforeEach(async () => {
  w = await world({ config: { rateLimit: false, webhookTimeoutMs: 500 } });
  receiver = await new Receiver().start();
});
afterEach(async () => {
  await receiver.stop();
  w.close();
});

const researchComplete = (i = 0) => ({
  id: crypto.randomUUID(),
  first_name: 'Ada',
  last_name: `Lovelace ${i}`,
  company: 'Analytical Engines',
  icp_score: 80,
  report_url: `https://api.outbound.test/api/v1/deep-research/${i}`,
});

/** Emits an event for the demo partner, as a domain change would. */
const emit = (type: 'research.complete' | 'research.failed' | 'signal.detected' = 'research.complete', i = 0) =>
  tx(w.app.ctx.db, (t) => emitEvent(t, { partnerId: w.demo.partnerId }, type, researchComplete(i), w.clock.now()));

function endpoint(partnerId = w.demo.partnerId, eventTypes: EventType[] = ['research.complete', 'research.failed']) {
  const r = createEndpoint(w.app.ctx, partnerId, { url: receiver.url, eventTypes: [...eventTypes] });
  if (!r.ok) throw new Error(r.problem);
  receiver.secrets = [currentSecret(w.app.ctx, r.endpoint.id) ?? ''];
  return r.endpoint;
}

const deliveries = () => w.app.ctx.db.select().from(webhookDeliveries).all();

describe('fan-out', () => {
  it('queues one delivery per subscribed endpoint of the event owner, in the transaction of the change', async () => {
    const a = endpoint();
    const onlySignals = createEndpoint(w.app.ctx, w.demo.partnerId, {
      url: `${receiver.url}?s`,
      eventTypes: ['signal.detected'],
    });
    const foreign = createEndpoint(w.app.ctx, w.other.partnerId, {
      url: receiver.url,
      eventTypes: ['research.complete'],
    });
    expect(onlySignals.ok && foreign.ok).toBe(true);
    emit();
    expect(deliveries().map((d) => d.endpointId)).toEqual([a.id]);

    // A rolled-back change leaves neither the event nor a delivery behind.
    expect(() =>
      tx(w.app.ctx.db, (t) => {
        emitEvent(t, { partnerId: w.demo.partnerId }, 'research.complete', researchComplete(1), w.clock.now());
        throw new Error('rollback');
      }),
    ).toThrow('rollback');
    expect(deliveries()).toHaveLength(1);
  });
});

describe('delivery', () => {
  it('signs with Standard Webhooks headers that the standardwebhooks library verifies, envelope intact', async () => {
    endpoint();
    emit();
    expect(await w.app.webhooks.deliverDue()).toBe(1);
    expect(receiver.rejected).toEqual([]);
    expect(receiver.received).toHaveLength(1);
    const got = receiver.received[0]!;
    expect(got.id).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(got.headers['webhook-timestamp']).toMatch(/^\d{10}$/);
    expect(got.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    // The provider-named variants carry the same values.
    expect(got.headers['svix-id']).toBe(got.id);
    expect(got.headers['svix-signature']).toBe(got.headers['webhook-signature']);
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.payload).toEqual({
      type: 'research.complete',
      timestamp: new Date(START).toISOString(),
      data: expect.objectContaining({ first_name: 'Ada', icp_score: 80 }),
    });
    expect(deliveries()[0]).toMatchObject({ status: 'succeeded', attempts: 1, nextAttemptAt: null });
  });

  it('a tampered body or a wrong secret does not verify', async () => {
    endpoint();
    receiver.secrets = [`whsec_${btoa('not the secret at all, no')}`];
    emit();
    await w.app.webhooks.deliverDue();
    expect(receiver.received).toEqual([]);
    expect(receiver.rejected).toHaveLength(1);
    expect(deliveries()[0]).toMatchObject({ status: 'pending', attempts: 1 });
  });

  it('is never sent again automatically after a 2xx', async () => {
    endpoint();
    emit();
    await w.app.webhooks.deliverDue();
    for (let i = 0; i < 5; i++) {
      w.clock.advance(24 * 3_600_000);
      await w.app.webhooks.deliverDue();
    }
    expect(receiver.received).toHaveLength(1);
  });

  it('an answer slower than the time-out fails the attempt and schedules a retry', async () => {
    endpoint();
    receiver.delayMs = 1_500; // webhookTimeoutMs is 500 in this file (30 000 by default)
    emit();
    await w.app.webhooks.deliverDue();
    const [d] = deliveries();
    expect(d).toMatchObject({ status: 'pending', attempts: 1 });
    const [attempt] = w.app.ctx.db.select().from(webhookAttempts).all();
    expect(attempt).toMatchObject({ statusCode: null, error: 'no answer within 0.5 s' });
    expect(attempt!.latencyMs).toBeGreaterThanOrEqual(450);
    expect(w.app.ctx.config.webhookTimeoutMs).toBe(500);
  });

  it('the default answer time-out is the spec’s 30 seconds', () => {
    expect(createApp({ db: w.app.ctx.db }).ctx.config.webhookTimeoutMs).toBe(LIMITS.webhookResponseTimeoutMs);
    expect(LIMITS.webhookResponseTimeoutMs).toBe(30_000);
  });

  it('non-2xx answers back off exponentially with jitter', async () => {
    endpoint();
    receiver.status = 500;
    emit();
    const base = w.app.ctx.config.webhookRetryBaseMs;
    const gaps: number[] = [];
    for (let i = 1; i <= 4; i++) {
      const before = w.clock.now();
      await w.app.webhooks.deliverDue();
      const d = deliveries()[0]!;
      expect(d.attempts).toBe(i);
      gaps.push(d.nextAttemptAt! - before);
      // Nothing is sent before the next attempt is due.
      w.clock.advance(d.nextAttemptAt! - before - 1);
      expect(await w.app.webhooks.deliverDue()).toBe(0);
      w.clock.advance(1);
    }
    gaps.forEach((gap, i) => {
      expect(gap).toBeGreaterThanOrEqual(0.8 * base * 3 ** i);
      expect(gap).toBeLessThanOrEqual(1.2 * base * 3 ** i);
    });
    // Jitter: the same failure count gives different delays.
    const samples = new Set(Array.from({ length: 20 }, () => retryDelay(3, base)));
    expect(samples.size).toBeGreaterThan(1);
    expect(retryDelay(40, base)).toBeLessThanOrEqual(1.2 * 12 * 3_600_000);
  });

  it('gives up after 3 days, having retried until then', async () => {
    endpoint();
    receiver.status = 503;
    emit();
    const created = w.clock.now();
    for (let guard = 0; guard < 100; guard++) {
      await w.app.webhooks.deliverDue();
      const d = deliveries()[0]!;
      if (d.status !== 'pending') break;
      w.clock.set(d.nextAttemptAt!);
    }
    const d = deliveries()[0]!;
    expect(d.status).toBe('failed');
    const attempts = w.app.ctx.db.select().from(webhookAttempts).all();
    expect(attempts).toHaveLength(d.attempts);
    const last = Math.max(...attempts.map((a) => a.startedAt));
    expect(last - created).toBeLessThanOrEqual(LIMITS.webhookRetryHorizonMs);
    // The last gap is at most 12 h + 20 % jitter, so the last attempt is within 14.4 h of the horizon.
    expect(last - created).toBeGreaterThan(LIMITS.webhookRetryHorizonMs - 14.4 * 3_600_000);
    w.clock.advance(7 * 86_400_000);
    expect(await w.app.webhooks.deliverDue()).toBe(0);
  });

  it('logs every attempt: status, latency and a snippet of the answer', async () => {
    const e = endpoint();
    receiver.status = 500;
    emit();
    await w.app.webhooks.deliverDue();
    receiver.status = 200;
    w.clock.advance(60_000);
    await w.app.webhooks.deliverDue();
    const [entry] = deliveryLog(w.app.ctx, w.demo.partnerId, e.id);
    expect(entry!.delivery.status).toBe('succeeded');
    expect(entry!.attempts.map((a) => a.statusCode)).toEqual([200, 500]);
    expect(entry!.attempts.every((a) => a.latencyMs >= 0 && a.responseSnippet === 'ok')).toBe(true);
    expect(entry!.attempts.every((a) => a.trigger === 'scheduled')).toBe(true);
    // The log is the partner's own.
    expect(deliveryLog(w.app.ctx, w.other.partnerId, e.id)).toEqual([]);
  });
});

describe('portal test events', () => {
  it("carry example data of each type that the contract's event schema accepts", () => {
    for (const type of EVENT_TYPES) {
      const event = exampleEvent(type, w.app.ctx.config.baseUrl, w.clock.now());
      const parsed = WebhookEvent.safeParse(event);
      expect(parsed.success, `${type}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      expect(event.type).toBe(type);
    }
  });
});

describe('a receiver that goes down and comes back', () => {
  it('gets every event exactly once after backing off', async () => {
    endpoint();
    await receiver.stop();
    for (let i = 0; i < 6; i++) emit('research.complete', i);
    // Connection refused, several rounds.
    for (let round = 0; round < 4; round++) {
      await w.app.webhooks.deliverDue();
      w.clock.advance(10 * 60_000);
    }
    expect(deliveries().every((d) => d.status === 'pending' && d.attempts >= 2)).toBe(true);
    const refused = w.app.ctx.db.select().from(webhookAttempts).all();
    expect(refused.every((a) => a.statusCode === null && a.error)).toBe(true);

    await receiver.start();
    w.clock.advance(6 * 3_600_000);
    await w.app.webhooks.deliverDue();
    w.clock.advance(6 * 3_600_000);
    await w.app.webhooks.deliverDue();

    expect(receiver.rejected).toEqual([]);
    expect(receiver.received).toHaveLength(6);
    expect(receiver.ids).toHaveLength(6);
    expect(receiver.received.map((r) => r.payload.data.last_name).sort()).toEqual(
      [0, 1, 2, 3, 4, 5].map((i) => `Lovelace ${i}`),
    );
    expect(deliveries().every((d) => d.status === 'succeeded')).toBe(true);
  });
});

describe('manual retry', () => {
  it('sends a failed delivery again now, logged as manual', async () => {
    endpoint();
    receiver.status = 500;
    emit();
    const created = w.clock.now();
    for (let guard = 0; guard < 100 && deliveries()[0]!.status === 'pending'; guard++) {
      await w.app.webhooks.deliverDue();
      const next = deliveries()[0]!.nextAttemptAt;
      if (next) w.clock.set(next);
    }
    expect(deliveries()[0]!.status).toBe('failed');
    expect(w.clock.now() - created).toBeGreaterThan(2 * 86_400_000);
    receiver.status = 200;
    const before = receiver.received.length;
    const attempt = await w.app.webhooks.retryNow(deliveries()[0]!.id);
    expect(attempt).toMatchObject({ trigger: 'manual', statusCode: 200 });
    expect(receiver.received.length).toBe(before + 1);
    expect(deliveries()[0]!.status).toBe('succeeded');
  });

  it('re-sends a succeeded delivery with the same webhook-id, so receivers can deduplicate', async () => {
    endpoint();
    emit();
    await w.app.webhooks.deliverDue();
    await w.app.webhooks.retryNow(deliveries()[0]!.id);
    expect(receiver.received).toHaveLength(2);
    expect(receiver.ids).toHaveLength(1);
    expect(await w.app.webhooks.retryNow('msg_unknown')).toBeUndefined();
  });
});

describe('secret rotation', () => {
  it('signs with both secrets during the overlap, then with the new one only', async () => {
    const e = endpoint();
    const old = currentSecret(w.app.ctx, e.id)!;
    const fresh = rotateSecret(w.app.ctx, w.demo.partnerId, e.id)!;
    expect(fresh).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(fresh).not.toBe(old);
    expect(currentSecret(w.app.ctx, e.id)).toBe(fresh);
    expect(signingSecrets(w.app.ctx, e.id).sort()).toEqual([old, fresh].sort());

    for (const secrets of [[old], [fresh]]) {
      receiver.secrets = secrets;
      emit();
      await w.app.webhooks.deliverDue();
    }
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[0]!.headers['webhook-signature']!.toString().split(' ')).toHaveLength(2);

    w.clock.advance(w.app.ctx.config.webhookSecretOverlapMs);
    expect(signingSecrets(w.app.ctx, e.id)).toEqual([fresh]);
    receiver.secrets = [old];
    emit();
    await w.app.webhooks.deliverDue();
    expect(receiver.received).toHaveLength(2);
    expect(receiver.rejected).toHaveLength(1);
    // Another partner cannot rotate this endpoint's secret.
    expect(rotateSecret(w.app.ctx, w.other.partnerId, e.id)).toBeUndefined();
  });
});

describe('restarts', () => {
  it('queued deliveries and one whose sender died mid-attempt are sent exactly once after a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'outbound-webhooks-'));
    try {
      const file = join(dir, 'db.sqlite');
      const clock = new ManualClock(START);
      const config = { mode: 'test' as const, rateLimit: false as const, webhookTimeoutMs: 500 };
      const first = openDatabase(file);
      const app1 = createApp({ db: first.db, clock, config });
      const s = await seed(app1.ctx);
      const r = createEndpoint(app1.ctx, s.partnerId, { url: receiver.url, eventTypes: ['research.complete'] });
      if (!r.ok) throw new Error(r.problem);
      receiver.secrets = [currentSecret(app1.ctx, r.endpoint.id)!];
      for (let i = 0; i < 3; i++)
        tx(app1.ctx.db, (t) =>
          emitEvent(t, { partnerId: s.partnerId }, 'research.complete', researchComplete(i), clock.now()),
        );
      // The first process claims one delivery and dies before sending it.
      expect(app1.webhooks.claim(1)).toHaveLength(1);
      first.close();

      const second = openDatabase(file);
      const app2 = createApp({ db: second.db, clock, config });
      expect(await app2.webhooks.deliverDue()).toBe(2); // the claimed one waits for its lease
      clock.advance(2 * 500 + 5_000);
      expect(await app2.webhooks.deliverDue()).toBe(1);
      clock.advance(86_400_000);
      expect(await app2.webhooks.deliverDue()).toBe(0);
      expect(receiver.received).toHaveLength(3);
      expect(receiver.ids).toHaveLength(3);
      second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('endpoint URLs', () => {
  it('production takes only https to public hosts', () => {
    const ok = ['https://hooks.example.com/outbound', 'https://93.184.216.34/x'];
    const refused = [
      'http://hooks.example.com/outbound',
      'https://localhost/x',
      'https://127.0.0.1/x',
      'https://10.0.0.8/x',
      'https://172.16.3.4/x',
      'https://192.168.1.1/x',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/x',
      'https://[fd00::1]/x',
      'https://[fe80::1]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://0.0.0.0/x',
      'https://user:pass@hooks.example.com/x',
      'ftp://hooks.example.com/x',
      'not a url',
      `https://example.com/${'x'.repeat(2100)}`,
    ];
    for (const url of ok) expect(endpointUrlProblem(url, 'production'), url).toBeUndefined();
    for (const url of refused) expect(endpointUrlProblem(url, 'production'), url).toEqual(expect.any(String));
  });

  it('development also takes plain http on loopback, and nothing else over http', () => {
    expect(endpointUrlProblem('http://127.0.0.1:4000/hooks', 'development')).toBeUndefined();
    expect(endpointUrlProblem('http://localhost:4000/hooks', 'development')).toBeUndefined();
    expect(endpointUrlProblem('http://[::1]:4000/hooks', 'development')).toBeUndefined();
    expect(endpointUrlProblem('http://hooks.example.com/x', 'development')).toEqual(expect.any(String));
    expect(endpointUrlProblem('http://127.0.0.1:4000/hooks', 'production')).toEqual(expect.any(String));
  });

  it('the Node sender refuses, at connect time, names that resolve to private addresses', async () => {
    const guarded = new NodeWebhookSender({ allowPrivate: false });
    const request = { headers: {}, body: '{}', timeoutMs: 2_000 };
    const port = new URL(receiver.url).port;
    await expect(guarded.post({ ...request, url: `http://localhost:${port}/hooks` })).rejects.toMatchObject({
      code: 'EPRIVATEADDRESS',
    });
    await expect(guarded.post({ ...request, url: receiver.url })).rejects.toMatchObject({ code: 'EPRIVATEADDRESS' });
    // Development allows it; the receiver answers (400: the request carries no signature).
    const open = new NodeWebhookSender({ allowPrivate: true });
    await expect(open.post({ ...request, url: receiver.url })).resolves.toMatchObject({ status: 400 });
  });
});

describe('signal.detected', () => {
  const signal = (entityId: string) => ({
    entity_id: entityId,
    signal_type: 'funding',
    signal_type_label: 'Funding round',
    headline: 'Acme raised a Series C',
    score: 91,
    source: 'news',
  });
  const notify = async (body: unknown, secret = w.app.ctx.config.providerSecret) => {
    const raw = JSON.stringify(body);
    return call(w.app, 'POST', INBOUND_SIGNALS_PATH, {
      rawBody: raw,
      headers: { 'content-type': 'application/json', 'x-provider-signature': await hmacSha256Hex(secret, raw) },
    });
  };
  const entityOf = (userId: string) => w.app.ctx.db.select().from(entities).where(eq(entities.userId, userId)).get()!;

  it('a detected signal reaches the partners linked to the account, once, with the spec’s data', async () => {
    endpoint(w.demo.partnerId, ['signal.detected']);
    const res = await notify(signal(entityOf(w.demo.userId).id));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ ok: true, duplicate: false });
    // The same signal again is a duplicate: stored, not announced.
    expect((await notify(signal(entityOf(w.demo.userId).id))).json).toMatchObject({ duplicate: true });
    // Another account's signal does not reach this partner.
    expect((await notify(signal(entityOf(w.other.userId).id))).status).toBe(200);
    await w.app.webhooks.deliverDue();
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]!.payload).toEqual({
      type: 'signal.detected',
      timestamp: new Date(START).toISOString(),
      data: {
        id: res.json.signal_id,
        signal_type_label: 'Funding round',
        headline: 'Acme raised a Series C',
        score: 91,
        source: 'news',
        detected_at: new Date(START).toISOString(),
      },
    });
  });

  it('refuses a bad signature (401), a bad body (400) and an unknown entity (404)', async () => {
    expect((await notify(signal(entityOf(w.demo.userId).id), 'wrong')).status).toBe(401);
    expect((await notify({ entity_id: 'x' })).status).toBe(400);
    expect((await notify(signal('no-such-entity'))).status).toBe(404);
    // A signed body that is not JSON is a 400 on every provider route, never a 500.
    const raw = '{not json';
    for (const path of [INBOUND_SIGNALS_PATH, INBOUND_EMAIL_PATH, INBOUND_SOCIALNET_PATH]) {
      const res = await call(w.app, 'POST', path, {
        rawBody: raw,
        headers: { 'x-provider-signature': await hmacSha256Hex(w.app.ctx.config.providerSecret, raw) },
      });
      expect(res.status, path).toBe(400);
    }
  });
});

describe('research events end to end', () => {
  const submit = (handle: string) =>
    call(w.app, 'POST', '/api/v1/research', {
      key: w.demo.partnerKey,
      body: { first_name: 'Ada', last_name: 'Lovelace', linkedin_url: `https://www.linkedin.com/in/${handle}` },
    });
  const finish = async () => {
    w.clock.advance(w.app.ctx.config.researchDurationMs);
    await w.app.runner.runDue();
    await w.app.webhooks.deliverDue();
  };

  it('research.complete carries report_url under the base address; research.failed a stable code', async () => {
    endpoint();
    const ok = await submit('ada-lovelace');
    expect(ok.status).toBe(202);
    const missing = await submit('someone-not-found');
    expect(missing.status).toBe(202);
    await finish();
    expect(receiver.rejected).toEqual([]);
    const byType = Object.fromEntries(receiver.received.map((r) => [r.payload.type, r.payload.data]));
    expect(byType['research.complete']).toMatchObject({
      id: ok.json.person.id,
      first_name: 'Ada',
      last_name: 'Lovelace',
      report_url: `https://api.outbound.test/api/v1/deep-research/${ok.json.person.id}`,
    });
    expect(byType['research.failed']).toMatchObject({
      id: missing.json.person.id,
      error: { code: 'profile_not_found', message: expect.any(String) },
    });
  });
});
