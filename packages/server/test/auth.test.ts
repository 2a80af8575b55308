// Spec, Authentication: keys, revocation, partner keys, cookie sessions.
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiKeys } from '../src/db/schema.js';
import { call, dashboard, expectStructured, type TestWorld, world } from './helpers.js';

let w: TestWorld;
beforeEach(async () => {
  w = await world();
});
afterEach(() => w.close());

describe('API keys', () => {
  it('begin with pk_live_ followed by at least 32 bytes of randomness', () => {
    expect(w.demo.apiKey).toMatch(/^pk_live_[A-Za-z0-9_-]{43,}$/);
    expect(w.demo.apiKey).not.toBe(w.other.apiKey);
  });

  it('are stored only as a hash', () => {
    const rows = w.app.ctx.db.select().from(apiKeys).all();
    const text = JSON.stringify(rows);
    expect(text).not.toContain(w.demo.apiKey);
    expect(text).not.toContain(w.demo.apiKey.slice(8, 30));
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.keyHash))).toBe(true);
  });

  it('authenticate user routes', async () => {
    const res = await call(w.app, 'GET', '/api/account', { key: w.demo.apiKey });
    expect(res.status).toBe(200);
    expect(res.json.account.email).toBe('demo@outbound.local');
  });

  it('a missing or malformed Authorization header gets 401 unauthorized', async () => {
    expectStructured(await call(w.app, 'GET', '/api/account'), 'unauthorized');
    const res = await call(w.app, 'GET', '/api/account', { headers: { authorization: 'Basic abc' } });
    expect(res.status).toBe(401);
    const wrong = await call(w.app, 'GET', '/api/account', { key: `pk_live_${'x'.repeat(43)}` });
    expect(wrong.status).toBe(401);
  });

  it('an account has at most one active key: creating a second answers 409', async () => {
    const d = await dashboard(w.app);
    const res = await call(w.app, 'POST', '/api/user/api-key', { headers: d.headers() });
    expect(res.status).toBe(409);
    expectStructured(res, 'conflict');
  });

  it('revocation is immediate: the next request with the key gets 401', async () => {
    const d = await dashboard(w.app);
    expect((await call(w.app, 'GET', '/api/account', { key: w.demo.apiKey })).status).toBe(200);
    const revoked = await call(w.app, 'DELETE', '/api/user/api-key', { headers: d.headers() });
    expect(revoked.status).toBe(200);
    expect(revoked.json.api_key.revoked_at).not.toBeNull();
    const after = await call(w.app, 'GET', '/api/account', { key: w.demo.apiKey });
    expect(after.status).toBe(401);
    expectStructured(after, 'unauthorized');
  });

  it('rotation: revoke, generate a new key shown once, and only the new key works', async () => {
    const d = await dashboard(w.app);
    await call(w.app, 'DELETE', '/api/user/api-key', { headers: d.headers() });
    const created = await call(w.app, 'POST', '/api/user/api-key', { headers: d.headers() });
    expect(created.status).toBe(201);
    expect(created.json.key).toMatch(/^pk_live_/);
    expect(created.json.api_key.last4).toBe(created.json.key.slice(-4));
    const view = await call(w.app, 'GET', '/api/user/api-key', { headers: d.headers(false) });
    expect(view.json.api_key.id).toBe(created.json.api_key.id);
    expect(JSON.stringify(view.json)).not.toContain(created.json.key);
    expect((await call(w.app, 'GET', '/api/account', { key: created.json.key })).status).toBe(200);
    expect((await call(w.app, 'GET', '/api/account', { key: w.demo.apiKey })).status).toBe(401);
  });

  it('revoking when no key is active answers 404', async () => {
    const d = await dashboard(w.app);
    await call(w.app, 'DELETE', '/api/user/api-key', { headers: d.headers() });
    expect((await call(w.app, 'DELETE', '/api/user/api-key', { headers: d.headers() })).status).toBe(404);
  });

  it('concurrent key creations cannot both win', async () => {
    const d = await dashboard(w.app);
    await call(w.app, 'DELETE', '/api/user/api-key', { headers: d.headers() });
    const results = await Promise.all(
      Array.from({ length: 5 }, () => call(w.app, 'POST', '/api/user/api-key', { headers: d.headers() })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(4);
    const active = w.app.ctx.db.select().from(apiKeys).where(eq(apiKeys.userId, w.demo.userId)).all();
    expect(active.filter((k) => k.revokedAt === null)).toHaveLength(1);
  });
});

describe('partner keys', () => {
  it('open /api/v1/* routes', async () => {
    const res = await call(w.app, 'GET', '/api/v1/partners/portal', { key: w.demo.partnerKey });
    expect(res.status).not.toBe(401);
  });
  it('a user API key on a partner route gets 401', async () => {
    const res = await call(w.app, 'GET', '/api/v1/partners/portal', { key: w.demo.apiKey });
    expect(res.status).toBe(401);
    expectStructured(res, 'unauthorized');
  });
  it('a partner key on a user route gets 401', async () => {
    const res = await call(w.app, 'GET', '/api/accounts', { key: w.demo.partnerKey });
    expect(res.status).toBe(401);
    expectStructured(res, 'unauthorized');
  });
});

describe('cookie sessions for /api/user/api-key', () => {
  it('login sets an HttpOnly, SameSite cookie that is Secure outside loopback', async () => {
    const d = await dashboard(w.app);
    expect(d.setCookie).toMatch(/HttpOnly/i);
    expect(d.setCookie).toMatch(/SameSite=Strict/i);
    expect(d.setCookie).toMatch(/Secure/i);
  });

  it('the cookie is not Secure for plain http on loopback (local development)', async () => {
    const env = { incoming: { socket: { remoteAddress: '127.0.0.1', encrypted: false } } };
    const res = await call(w.app, 'POST', '/api/session', {
      body: { email: 'demo@outbound.local', password: 'outbound-demo' },
      env,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).not.toMatch(/Secure/i);
    expect(res.headers.get('set-cookie')).toMatch(/HttpOnly/i);
  });

  it('a wrong password gets 401', async () => {
    const res = await call(w.app, 'POST', '/api/session', { body: { email: 'demo@outbound.local', password: 'nope' } });
    expect(res.status).toBe(401);
    const unknown = await call(w.app, 'POST', '/api/session', { body: { email: 'x@example.com', password: 'nope' } });
    expect(unknown.status).toBe(401);
  });

  it('key management refuses Bearer tokens: it needs the session cookie', async () => {
    const res = await call(w.app, 'GET', '/api/user/api-key', { key: w.demo.apiKey });
    expect(res.status).toBe(401);
  });

  it('writes need the CSRF token: without it 403, with a wrong one 403', async () => {
    const d = await dashboard(w.app);
    const missing = await call(w.app, 'DELETE', '/api/user/api-key', { headers: d.headers(false) });
    expect(missing.status).toBe(403);
    const wrong = await call(w.app, 'DELETE', '/api/user/api-key', {
      headers: { ...d.headers(false), 'x-csrf-token': 'forged' },
    });
    expect(wrong.status).toBe(403);
    expect((await call(w.app, 'GET', '/api/account', { key: w.demo.apiKey })).status).toBe(200);
  });

  it('an expired session gets 401', async () => {
    const d = await dashboard(w.app);
    w.clock.advance(w.app.ctx.config.sessionTtlMs + 1);
    expect((await call(w.app, 'GET', '/api/user/api-key', { headers: d.headers() })).status).toBe(401);
  });

  it('logout ends the session', async () => {
    const d = await dashboard(w.app);
    expect((await call(w.app, 'DELETE', '/api/session', { headers: d.headers() })).status).toBe(204);
    expect((await call(w.app, 'GET', '/api/user/api-key', { headers: d.headers() })).status).toBe(401);
  });

  it('session routes carry no CORS header; Bearer routes allow any origin', async () => {
    const d = await dashboard(w.app);
    const session = await call(w.app, 'GET', '/api/user/api-key', {
      headers: { ...d.headers(), origin: 'https://evil.example' },
    });
    expect(session.headers.get('access-control-allow-origin')).toBeNull();
    const bearer = await call(w.app, 'GET', '/api/account', {
      key: w.demo.apiKey,
      headers: { origin: 'https://app.example' },
    });
    expect(bearer.headers.get('access-control-allow-origin')).toBe('*');
  });
});
