// Errors, HTTPS policy, rate limits, Idempotency-Key, request ids.
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { lists } from '../src/db/schema.js';
import { BillingUnavailableError } from '../src/providers/billing.js';
import { call, expectStructured, type TestWorld, world } from './helpers.js';

let w: TestWorld;
afterEach(() => w?.close());

describe('errors', () => {
  it('an unknown route answers 404 in the structured shape', async () => {
    w = await world();
    const res = await call(w.app, 'GET', '/api/nothing-here', { key: w.demo.apiKey });
    expect(res.status).toBe(404);
    expectStructured(res, 'not_found');
  });

  it('a wrong method answers 405 with an Allow header', async () => {
    w = await world();
    const res = await call(w.app, 'DELETE', '/api/accounts', { key: w.demo.apiKey });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET');
    expectStructured(res, 'invalid_request');
  });

  it('malformed JSON answers 400 and says so', async () => {
    w = await world();
    const res = await call(w.app, 'POST', '/api/credits/preview', {
      key: w.demo.apiKey,
      rawBody: '{"action": "FIND_PERSON",',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expectStructured(res, 'invalid_request');
    expect(res.json.error.message).toMatch(/Malformed JSON/);
  });

  it('a body over the size limit answers 413', async () => {
    w = await world({ config: { bodyLimitBytes: 1000 } });
    const res = await call(w.app, 'POST', '/api/lists', {
      key: w.demo.apiKey,
      body: { name: 'x'.repeat(2000) },
    });
    expect(res.status).toBe(413);
    expectStructured(res, 'invalid_request');
  });

  it('validation errors name the offending field', async () => {
    w = await world();
    const res = await call(w.app, 'POST', '/api/credits/preview', {
      key: w.demo.apiKey,
      body: { action: 'FIND_PERSON', count: 0 },
    });
    expect(res.status).toBe(400);
    expect(res.json.error.field).toBe('count');
    expect(res.json.error.message).toMatch(/^count: /);
    const missing = await call(w.app, 'POST', '/api/credits/preview', { key: w.demo.apiKey, body: { count: 1 } });
    expect(missing.json.error.field).toBe('action');
    expect(missing.json.error.message).toBe('action: is required');
  });

  it('query and path parameters are validated too', async () => {
    w = await world();
    const q = await call(w.app, 'GET', '/api/accounts?type=fax', { key: w.demo.apiKey });
    expect(q.status).toBe(400);
    expect(q.json.error.field).toBe('type');
    const p = await call(w.app, 'GET', '/api/workflows/not-a-uuid/nodes', { key: w.demo.apiKey });
    expect(p.status).toBe(400);
    expect(p.json.error.field).toBe('id');
  });

  it('an unexpected failure answers 500 without stack traces or internals', async () => {
    w = await world({
      providers: {
        billing: {
          planState: async () => {
            throw new Error('SELECT secret FROM internals at /srv/app.js:12');
          },
          balance: async () => 0,
        },
      },
    });
    await call(w.app, 'PUT', '/api/onboarding/context', {
      key: w.demo.apiKey,
      body: { company_name: 'Acme', confirmed: true },
    });
    const res = await call(w.app, 'POST', '/api/onboarding/complete', { key: w.demo.apiKey, body: {} });
    expect(res.status).toBe(500);
    expect(res.text).not.toMatch(/SELECT|internals|\.js:|at /);
  });

  it('x-request-id is on every response, and a caller-supplied id is echoed', async () => {
    w = await world();
    const ok = await call(w.app, 'GET', '/api/account', { key: w.demo.apiKey });
    const err = await call(w.app, 'GET', '/api/account');
    const nf = await call(w.app, 'GET', '/nope');
    for (const r of [ok, err, nf]) expect(r.headers.get('x-request-id')).toMatch(/^[A-Za-z0-9._-]+$/);
    const mine = await call(w.app, 'GET', '/api/account', {
      key: w.demo.apiKey,
      headers: { 'x-request-id': 'req_123' },
    });
    expect(mine.headers.get('x-request-id')).toBe('req_123');
    const bad = await call(w.app, 'GET', '/api/account', { key: w.demo.apiKey, headers: { 'x-request-id': 'a b<c>' } });
    expect(bad.headers.get('x-request-id')).not.toBe('a b<c>');
  });
});

describe('HTTPS policy', () => {
  const env = (remoteAddress: string, encrypted = false) => ({ incoming: { socket: { remoteAddress, encrypted } } });

  it('plain HTTP from a non-loopback address is refused with a clear error', async () => {
    w = await world();
    const res = await call(w.app, 'GET', '/api/account', { key: w.demo.apiKey, env: env('203.0.113.9') });
    expect(res.status).toBe(403);
    expect(res.json.error.message).toMatch(/HTTPS is required/);
  });

  it('plain HTTP on loopback is accepted', async () => {
    w = await world();
    for (const addr of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect((await call(w.app, 'GET', '/api/account', { key: w.demo.apiKey, env: env(addr) })).status).toBe(200);
    }
  });

  it('TLS connections are accepted from anywhere', async () => {
    w = await world();
    expect(
      (await call(w.app, 'GET', '/api/account', { key: w.demo.apiKey, env: env('203.0.113.9', true) })).status,
    ).toBe(200);
  });

  it('a trusted proxy reporting https is accepted; an untrusted one is not believed', async () => {
    w = await world({ config: { trustedProxies: ['10.0.0.2'] } });
    const headers = { 'x-forwarded-proto': 'https' };
    expect(
      (await call(w.app, 'GET', '/api/account', { key: w.demo.apiKey, env: env('10.0.0.2'), headers })).status,
    ).toBe(200);
    expect(
      (await call(w.app, 'GET', '/api/account', { key: w.demo.apiKey, env: env('10.0.0.3'), headers })).status,
    ).toBe(403);
    const http = { 'x-forwarded-proto': 'http' };
    expect(
      (await call(w.app, 'GET', '/api/account', { key: w.demo.apiKey, env: env('10.0.0.2'), headers: http })).status,
    ).toBe(403);
  });
});

describe('rate limiting per key', () => {
  it('answers 429 rate_limited with Retry-After and RateLimit-* headers past the limit', async () => {
    w = await world({ config: { rateLimit: { limit: 3, windowMs: 60_000 } } });
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await call(w.app, 'GET', '/api/account', { key: w.demo.apiKey }));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 429]);
    expect(results[0]!.headers.get('ratelimit-limit')).toBe('3');
    expect(results[0]!.headers.get('ratelimit-remaining')).toBe('2');
    expect(results[0]!.headers.get('ratelimit-reset')).toBe('60');
    const limited = results[3]!;
    expectStructured(limited, 'rate_limited');
    expect(limited.headers.get('retry-after')).toBe('60');
    expect(limited.json.error.message).toBe('Rate limit exceeded: retry after 60 seconds');
  });

  it('is counted per key and resets with the window', async () => {
    w = await world({ config: { rateLimit: { limit: 1, windowMs: 10_000 } } });
    expect((await call(w.app, 'GET', '/api/account', { key: w.demo.apiKey })).status).toBe(200);
    expect((await call(w.app, 'GET', '/api/account', { key: w.demo.apiKey })).status).toBe(429);
    expect((await call(w.app, 'GET', '/api/account', { key: w.other.apiKey })).status).toBe(200);
    w.clock.advance(4_000);
    const mid = await call(w.app, 'GET', '/api/account', { key: w.demo.apiKey });
    expect(mid.headers.get('retry-after')).toBe('6');
    w.clock.advance(6_000);
    expect((await call(w.app, 'GET', '/api/account', { key: w.demo.apiKey })).status).toBe(200);
  });

  it('the 429 is structured even on an operation whose errors are flat', async () => {
    w = await world({ config: { rateLimit: { limit: 1, windowMs: 10_000 } } });
    await call(w.app, 'POST', '/api/onboarding/complete', { key: w.demo.apiKey, body: {} });
    const res = await call(w.app, 'POST', '/api/onboarding/complete', { key: w.demo.apiKey, body: {} });
    expect(res.status).toBe(429);
    expectStructured(res, 'rate_limited');
  });

  it('failed authentication is limited per address', async () => {
    w = await world({ config: { rateLimit: { limit: 2, windowMs: 60_000 } } });
    const bad = { key: `pk_live_${'z'.repeat(43)}` };
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await call(w.app, 'GET', '/api/account', bad)).status);
    expect(statuses).toEqual([401, 401, 429]);
  });
});

describe('Idempotency-Key on POST', () => {
  const body = { name: 'Idempotent list', columns: [{ name: 'Company' }] };
  const countLists = (t: TestWorld) =>
    t.app.ctx.db.select().from(lists).where(eq(lists.name, 'Idempotent list')).all().length;

  it('the same key with the same body replays the first response and acts once', async () => {
    w = await world();
    const headers = { 'idempotency-key': 'create-list-1' };
    const first = await call(w.app, 'POST', '/api/lists', { key: w.demo.apiKey, body, headers });
    const second = await call(w.app, 'POST', '/api/lists', { key: w.demo.apiKey, body, headers });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.json).toEqual(first.json);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(countLists(w)).toBe(1);
  });

  it('the same key with a different body is refused with 422', async () => {
    w = await world();
    const headers = { 'idempotency-key': 'create-list-2' };
    await call(w.app, 'POST', '/api/lists', { key: w.demo.apiKey, body, headers });
    const res = await call(w.app, 'POST', '/api/lists', {
      key: w.demo.apiKey,
      body: { ...body, name: 'Other' },
      headers,
    });
    expect(res.status).toBe(422);
    expect(res.json.error.reason).toBe('idempotency_key_reused');
    expect(countLists(w)).toBe(1);
  });

  it('keys expire after 24 hours', async () => {
    w = await world();
    const headers = { 'idempotency-key': 'create-list-3' };
    await call(w.app, 'POST', '/api/lists', { key: w.demo.apiKey, body, headers });
    w.clock.advance(24 * 3_600_000 + 1);
    const again = await call(w.app, 'POST', '/api/lists', { key: w.demo.apiKey, body, headers });
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    expect(countLists(w)).toBe(2);
  });

  it('keys are scoped to the account', async () => {
    w = await world();
    const headers = { 'idempotency-key': 'shared-key' };
    await call(w.app, 'POST', '/api/lists', { key: w.demo.apiKey, body, headers });
    const other = await call(w.app, 'POST', '/api/lists', { key: w.other.apiKey, body, headers });
    expect(other.headers.get('idempotent-replayed')).toBeNull();
    expect(countLists(w)).toBe(2);
  });

  it('errors other than rate limits and server failures are replayed too', async () => {
    w = await world({ providers: { billing: { planState: async () => 'none', balance: async () => 0 } } });
    await call(w.app, 'PUT', '/api/onboarding/context', {
      key: w.demo.apiKey,
      body: { company_name: 'A', confirmed: true },
    });
    const headers = { 'idempotency-key': 'complete-1' };
    const first = await call(w.app, 'POST', '/api/onboarding/complete', { key: w.demo.apiKey, body: {}, headers });
    const second = await call(w.app, 'POST', '/api/onboarding/complete', { key: w.demo.apiKey, body: {}, headers });
    expect(first.status).toBe(402);
    expect(second.status).toBe(402);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
  });

  it('a 503 is not stored, so the retry runs again', async () => {
    let down = true;
    w = await world({
      providers: {
        billing: {
          planState: async () => {
            if (down) throw new BillingUnavailableError('down');
            return 'active';
          },
          balance: async () => 0,
        },
      },
    });
    await call(w.app, 'PUT', '/api/onboarding/context', {
      key: w.demo.apiKey,
      body: { company_name: 'A', confirmed: true },
    });
    const headers = { 'idempotency-key': 'complete-2' };
    expect(
      (await call(w.app, 'POST', '/api/onboarding/complete', { key: w.demo.apiKey, body: {}, headers })).status,
    ).toBe(503);
    down = false;
    expect(
      (await call(w.app, 'POST', '/api/onboarding/complete', { key: w.demo.apiKey, body: {}, headers })).status,
    ).toBe(200);
  });
});
