import { readFileSync } from 'node:fs';
import type { NodeOutboundMock } from '@outbound/mock/node';
import { operationList } from '@outbound/schema';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { OUT, render } from '../scripts/generate.js';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  AuthenticationError,
  BadGatewayError,
  BadRequestError,
  ConflictError,
  InternalServerError,
  isAPIError,
  isMessageSentNotSavedError,
  isRateLimitError,
  MessageSentNotSavedError,
  NotFoundError,
  Outbound,
  OutboundError,
  PaymentRequiredError,
  PermissionDeniedError,
  RateLimitError,
  ServiceUnavailableError,
  UnprocessableEntityError,
} from '../src/index.js';
import { clientFor, json, scripted, startMock } from './setup.js';

let mock: NodeOutboundMock;
beforeAll(async () => {
  mock = await startMock();
});
afterEach(async () => {
  vi.useRealTimers();
  await mock.reset();
});
afterAll(() => mock.close());

describe('the client', () => {
  it('has a method for every operation in the registry, at its SDK path', () => {
    const client = new Outbound({ apiKey: 'x' });
    for (const op of operationList) {
      let target: unknown = client;
      for (const part of op.sdk.split('.')) target = (target as Record<string, unknown>)[part];
      expect(typeof target, op.sdk).toBe('function');
    }
  });

  it('the generated resources are up to date with the registry (pnpm --filter @outbound/sdk generate)', () => {
    expect(readFileSync(OUT, 'utf8')).toBe(render());
  });

  it('reads OUTBOUND_API_KEY, OUTBOUND_PARTNER_KEY and OUTBOUND_BASE_URL when options are absent', () => {
    vi.stubEnv('OUTBOUND_API_KEY', 'pk_live_env');
    vi.stubEnv('OUTBOUND_PARTNER_KEY', 'ptk_live_env');
    vi.stubEnv('OUTBOUND_BASE_URL', 'https://env.example/');
    const client = new Outbound();
    expect([client.apiKey, client.partnerKey, client.baseUrl]).toEqual([
      'pk_live_env',
      'ptk_live_env',
      'https://env.example',
    ]);
    const explicit = new Outbound({ apiKey: 'pk_live_opt', baseUrl: 'https://opt.example' });
    expect([explicit.apiKey, explicit.baseUrl]).toEqual(['pk_live_opt', 'https://opt.example']);
    vi.unstubAllEnvs();
  });

  it('calls the API with the right key per operation', async () => {
    const { client, seen } = clientFor(mock);
    const { accounts } = await client.accounts.list({ type: 'email' });
    expect(accounts.map((a) => a.type)).toEqual(['email']);
    await client.partners.portal().catch(() => {});
    expect(seen[0]?.headers.get('authorization')).toBe(`Bearer ${mock.credentials.apiKey}`);
    expect(seen[1]?.headers.get('authorization')).toBe(`Bearer ${mock.credentials.partnerKey}`);
    expect(seen[0]?.url).toBe(`${mock.credentials.baseUrl}/api/accounts?type=email`);
  });

  it('fails fast with a clear error when the needed key is missing', async () => {
    const client = new Outbound({ baseUrl: mock.credentials.baseUrl, apiKey: undefined, partnerKey: undefined });
    vi.stubEnv('OUTBOUND_PARTNER_KEY', '');
    await expect(
      new Outbound({ apiKey: 'pk', baseUrl: mock.credentials.baseUrl }).research.retrieve(crypto.randomUUID()),
    ).rejects.toThrow(/needs a partner key/);
    vi.unstubAllEnvs();
    expect(client).toBeInstanceOf(Outbound);
  });

  it('logs in, keeps the session cookie and CSRF token, and manages the API key', async () => {
    const { client } = clientFor(mock);
    await client.session.create({ email: mock.credentials.email, password: mock.credentials.password });
    const view = await client.apiKeys.retrieve();
    expect(view.api_key?.last4).toBe(mock.credentials.apiKey.slice(-4));
    await expect(client.apiKeys.create()).rejects.toBeInstanceOf(ConflictError);
    const revoked = await client.apiKeys.revoke();
    expect(revoked.api_key?.revoked_at).not.toBeNull();
    const created = await client.apiKeys.create();
    expect(created.key).toMatch(/^pk_live_/);
    const rotated = new Outbound({ apiKey: created.key, baseUrl: mock.credentials.baseUrl });
    expect((await rotated.account.retrieve()).account.email).toBe(mock.credentials.email);
    await expect(client.account.retrieve()).rejects.toBeInstanceOf(AuthenticationError);
  });
});

describe('errors', () => {
  const cases: Array<[number, new (...a: never[]) => APIError]> = [
    [400, BadRequestError],
    [401, AuthenticationError],
    [402, PaymentRequiredError],
    [403, PermissionDeniedError],
    [404, NotFoundError],
    [409, ConflictError],
    [422, UnprocessableEntityError],
    [429, RateLimitError],
    [500, InternalServerError],
    [502, BadGatewayError],
    [503, ServiceUnavailableError],
  ];
  for (const [status, Ctor] of cases) {
    it(`${status} becomes ${Ctor.name} with status, code, message, requestId, headers and body`, async () => {
      mock.scenarios.fail('getAccount', status, { times: 5, message: `forced ${status}`, retryAfter: 0 });
      const { client } = clientFor(mock, { maxRetries: 0 });
      const error = await client.account.retrieve().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Ctor);
      expect(error).toBeInstanceOf(APIError);
      expect(error).toBeInstanceOf(OutboundError);
      const e = error as APIError;
      expect(e.status).toBe(status);
      expect(e.code).toBe(
        { 401: 'unauthorized', 404: 'not_found', 409: 'conflict', 429: 'rate_limited' }[status as 401] ??
          (status >= 500 ? 'internal_error' : 'invalid_request'),
      );
      expect(e.message).toContain(`forced ${status}`);
      expect(e.requestId).toMatch(/\S+/);
      expect(e.headers.get('content-type')).toContain('application/json');
      expect(e.body).toMatchObject({ error: { message: `forced ${status}` } });
      expect(e.name).toBe(Ctor.name);
    });
  }

  it('parses the flat body shape: message from it, no code', async () => {
    const { client } = clientFor(mock);
    const e = (await client.onboarding.complete({}).catch((x: unknown) => x)) as APIError;
    expect(e).toBeInstanceOf(NotFoundError);
    expect(e.code).toBeUndefined();
    expect(e.message).toMatch(/Missing onboarding session/);
    expect(e.body).toEqual({ error: expect.any(String) });
  });

  it('names the offending field of a validation error', async () => {
    const { client } = clientFor(mock);
    const e = (await client.credits.preview({ action: 'FIND_PERSON', count: 0 }).catch((x: unknown) => x)) as APIError;
    expect(e).toBeInstanceOf(BadRequestError);
    expect(e.field).toBe('count');
  });

  it('the message-send 500 that was sent but not saved is its own error, never retried', async () => {
    mock.scenarios.fail('sendThreadMessage', 500, { times: 3, reason: 'sent_not_saved', retryAfter: 0 });
    const { client, seen } = clientFor(mock);
    const e = await client.threads.messages.send(crypto.randomUUID(), { body_text: 'hi' }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(MessageSentNotSavedError);
    expect(isMessageSentNotSavedError(e)).toBe(true);
    expect(seen).toHaveLength(1);
  });

  it('type guards work by name, across copies of the package', () => {
    const foreign = Object.assign(new Error('x'), { name: 'RateLimitError', status: 429, operationId: 'getAccount' });
    expect(isRateLimitError(foreign)).toBe(true);
    expect(isAPIError(foreign)).toBe(true);
    expect(isRateLimitError(new Error('x'))).toBe(false);
  });
});

describe('retries', () => {
  for (const status of [400, 401, 403, 404, 409, 422]) {
    it(`never retries ${status}`, async () => {
      mock.scenarios.fail('getAccount', status, { times: 5 });
      const { client, seen } = clientFor(mock);
      await expect(client.account.retrieve()).rejects.toBeInstanceOf(APIError);
      expect(seen).toHaveLength(1);
    });
  }

  it('429 waits for Retry-After, then succeeds', async () => {
    mock.scenarios.rateLimit('getAccount', { times: 1, retryAfter: 1 });
    const { client, seen } = clientFor(mock);
    const t0 = Date.now();
    await client.account.retrieve();
    expect(seen).toHaveLength(2);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(950);
  });

  it('429 gives up after maxRetries (default 2) with RateLimitError carrying retryAfter', async () => {
    mock.scenarios.rateLimit('getAccount', { times: 5, retryAfter: 0 });
    const { client, seen } = clientFor(mock);
    const e = (await client.account.retrieve().catch((x: unknown) => x)) as RateLimitError;
    expect(e).toBeInstanceOf(RateLimitError);
    expect(e.retryAfter).toBe(0);
    expect(seen).toHaveLength(3);
  });

  it('a Retry-After over the cap is clamped to it, not dropped', async () => {
    mock.scenarios.rateLimit('getAccount', { times: 1, retryAfter: 3600 });
    const { client, seen } = clientFor(mock, { maxRetryAfter: 30 });
    const t0 = Date.now();
    await client.account.retrieve();
    expect(seen).toHaveLength(2);
    expect(Date.now() - t0).toBeLessThan(2000);
  });

  it('Retry-After as an HTTP date is honoured', async () => {
    const date = new Date(Date.now() + 1500).toUTCString();
    const s = scripted([
      json(429, { error: { code: 'rate_limited', message: 'x' } }, { 'retry-after': date }),
      json(200, { account: {} }),
    ]);
    const client = new Outbound({ apiKey: 'pk', baseUrl: 'https://x.test', fetch: s.fetch });
    const t0 = Date.now();
    await client.account.retrieve();
    expect(Date.now() - t0).toBeGreaterThanOrEqual(400);
    expect(s.seen).toHaveLength(2);
  });

  it('429 without Retry-After backs off exponentially from 1 second, with jitter of up to 25 %', async () => {
    const limited = () => json(429, { error: { code: 'rate_limited', message: 'x' } });
    for (const [random, first, second] of [
      [0, 1000, 2000],
      [0.999999, 750, 1500],
    ] as const) {
      vi.useFakeTimers();
      vi.spyOn(Math, 'random').mockReturnValue(random);
      const s = scripted([limited, limited, () => json(200, { account: {} })]);
      const client = new Outbound({ apiKey: 'pk', baseUrl: 'https://x.test', fetch: s.fetch });
      const done = client.account.retrieve();
      await vi.advanceTimersByTimeAsync(first - 1);
      expect(s.seen).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(s.seen).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(second - 1);
      expect(s.seen).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(1);
      expect(s.seen).toHaveLength(3);
      await done;
      vi.restoreAllMocks();
      vi.useRealTimers();
    }
  });

  it('5xx is retried for operations marked safe', async () => {
    mock.scenarios.fail('getAccount', 503, { times: 1, retryAfter: 0 });
    const { client, seen } = clientFor(mock);
    await client.account.retrieve();
    expect(seen).toHaveLength(2);
  });

  it('5xx is not retried for operations that are not safe', async () => {
    mock.scenarios.fail('createList', 500, { times: 1, retryAfter: 0 });
    const { client, seen } = clientFor(mock);
    await expect(client.lists.create({ name: 'x' })).rejects.toBeInstanceOf(InternalServerError);
    expect(seen).toHaveLength(1);
  });

  it('sends an Idempotency-Key on POST, the same one on every retry', async () => {
    mock.scenarios.rateLimit('createList', { times: 1, retryAfter: 0 });
    const { client, seen } = clientFor(mock);
    await client.lists.create({ name: 'Idem' });
    expect(seen).toHaveLength(2);
    const keys = seen.map((s) => s.headers.get('idempotency-key'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    const custom = clientFor(mock);
    await custom.client.lists.create({ name: 'Idem2' }, { idempotencyKey: 'mine-1' });
    expect(custom.seen[0]?.headers.get('idempotency-key')).toBe('mine-1');
    const get = clientFor(mock);
    await get.client.account.retrieve();
    expect(get.seen[0]?.headers.get('idempotency-key')).toBeNull();
  });

  it('connection errors are retried for safe operations only', async () => {
    const safe = scripted([new TypeError('fetch failed'), json(200, { account: {} })]);
    await new Outbound({ apiKey: 'pk', baseUrl: 'https://x.test', fetch: safe.fetch, maxRetries: 1 }).account
      .retrieve()
      .catch(() => {});
    expect(safe.seen).toHaveLength(2);
    const unsafe = scripted([new TypeError('fetch failed'), json(201, {})]);
    const e = await new Outbound({ apiKey: 'pk', baseUrl: 'https://x.test', fetch: unsafe.fetch }).lists
      .create({ name: 'x' })
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(APIConnectionError);
    expect(unsafe.seen).toHaveLength(1);
  });

  it('an attempt that takes too long fails with a time-out error', async () => {
    const hang = scripted([
      (req) =>
        new Promise<Response>((_r, reject) => req.signal.addEventListener('abort', () => reject(req.signal.reason))),
    ]);
    const client = new Outbound({
      apiKey: 'pk',
      baseUrl: 'https://x.test',
      fetch: hang.fetch,
      timeout: 50,
      maxRetries: 0,
    });
    await expect(client.account.retrieve()).rejects.toBeInstanceOf(APIConnectionTimeoutError);
  });

  it('a total time-out bounds the call including its retries', async () => {
    mock.scenarios.rateLimit('getAccount', { times: 5, retryAfter: 1 });
    const { client } = clientFor(mock, { totalTimeout: 300 });
    const t0 = Date.now();
    await expect(client.account.retrieve()).rejects.toBeInstanceOf(RateLimitError);
    expect(Date.now() - t0).toBeLessThan(900);
  });

  it('aborting ends a backoff sleep at once', async () => {
    mock.scenarios.rateLimit('getAccount', { times: 1, retryAfter: 30 });
    const { client } = clientFor(mock);
    const controller = new AbortController();
    const t0 = Date.now();
    setTimeout(() => controller.abort(), 100);
    await expect(client.account.retrieve({ signal: controller.signal })).rejects.toBeInstanceOf(APIUserAbortError);
    expect(Date.now() - t0).toBeLessThan(2000);
  });
});
