// Security checks that have no better home: constant-time comparison, and no secrets in logs.
// docs/security.md lists every item of the review with the test that backs it.
import { describe, expect, it } from 'vitest';
import { constantTimeEqual } from '../src/lib/crypto.js';
import type { Logger } from '../src/logger.js';
import { call, dashboard, world } from './helpers.js';

describe('constant-time comparison', () => {
  it('compares every byte and the length', () => {
    const a = 'f'.repeat(64);
    expect(constantTimeEqual(a, a)).toBe(true);
    expect(constantTimeEqual(a, `${'f'.repeat(63)}e`)).toBe(false);
    expect(constantTimeEqual(a, `e${'f'.repeat(63)}`)).toBe(false);
    expect(constantTimeEqual(a, a.slice(1))).toBe(false);
    expect(constantTimeEqual('', '')).toBe(true);
    expect(constantTimeEqual('é', 'e')).toBe(false);
  });
});

describe('logs', () => {
  it('carry no key, password, session token or signing secret, even when things fail', async () => {
    const lines: string[] = [];
    const capture = (level: string) => (obj: unknown, msg?: string) =>
      lines.push(`${level} ${JSON.stringify(obj)} ${msg ?? ''}`);
    const logger = {
      info: capture('info'),
      warn: capture('warn'),
      error: capture('error'),
      debug: capture('debug'),
    } as unknown as Logger;
    const w = await world({ config: { rateLimit: false } });
    // The world's app has a silent logger; one sharing its database logs here.
    const { createApp } = await import('../src/app.js');
    const app = createApp({
      db: w.app.ctx.db,
      clock: w.clock,
      logger,
      config: { mode: 'test', passwordIterations: 1000, rateLimit: { limit: 2, windowMs: 60_000 } },
    });
    const session = await dashboard(w.app);
    await call(app, 'GET', '/api/accounts', { key: w.demo.apiKey });
    await call(app, 'GET', '/api/accounts', { key: `${w.demo.apiKey}x` });
    await call(app, 'POST', '/api/session', { body: { email: w.demo.email, password: w.demo.password } });
    await call(app, 'POST', '/api/session', { body: { email: w.demo.email, password: 'wrong-password-123' } });
    await call(app, 'GET', '/api/user/api-key', { headers: session.headers() });
    await call(app, 'GET', '/api/v1/partners/portal', { key: w.demo.partnerKey });
    for (let i = 0; i < 4; i++) await call(app, 'GET', '/api/accounts', { key: w.demo.apiKey }); // 429s
    const text = lines.join('\n');
    expect(lines.length).toBeGreaterThan(5);
    for (const secret of [w.demo.apiKey, w.demo.partnerKey, w.demo.password, 'wrong-password-123', session.csrf]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(/pk_live_|whsec_|outbound_session=/);
    w.close();
  });
});

describe('response headers', () => {
  it('every response, errors included, carries the security headers; Bearer routes answer CORS preflights', async () => {
    const w = await world({ config: { rateLimit: false } });
    for (const [method, path, status] of [
      ['GET', '/api/accounts', 200],
      ['GET', '/api/accounts?type=fax', 400],
      ['GET', '/nope', 404],
      ['GET', '/health', 200],
    ] as const) {
      const res = await call(w.app, method, path, { key: w.demo.apiKey });
      expect(res.status, path).toBe(status);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), path).toBe('SAMEORIGIN');
      expect(res.headers.get('strict-transport-security'), path).toMatch(/max-age=\d+/);
      expect(res.headers.get('referrer-policy'), path).toBe('no-referrer');
      expect(res.headers.get('x-request-id'), path).toMatch(/.+/);
    }
    const preflight = await call(w.app, 'OPTIONS', '/api/campaigns', {
      headers: { origin: 'https://app.example.com', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('Idempotency-Key');
    const api = await call(w.app, 'GET', '/api/accounts', { key: w.demo.apiKey });
    expect(api.headers.get('access-control-expose-headers')).toContain('Retry-After');
    expect(api.headers.get('cache-control')).toBe('no-store');
    w.close();
  });
});
