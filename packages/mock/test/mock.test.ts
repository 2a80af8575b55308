import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type NodeOutboundMock, setupOutboundMock } from '../src/node.js';

let mock: NodeOutboundMock;
beforeAll(async () => {
  mock = await setupOutboundMock({ timing: 'instant', seed: 7, startTime: Date.UTC(2026, 10, 2, 9) });
  mock.listen();
});
afterEach(() => mock.reset());
afterAll(() => mock.close());

const api = (path: string, init: RequestInit = {}) =>
  fetch(`${mock.credentials.baseUrl}${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${mock.credentials.apiKey}`,
      'content-type': 'application/json',
      ...(init.headers ?? {}),
    },
  });

describe('the mock', () => {
  it('intercepts fetch to the base URL and answers from the server app', async () => {
    const res = await api('/api/accounts');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { accounts: { type: string }[] };
    expect(body.accounts.map((a) => a.type).sort()).toEqual(['email', 'socialnet']);
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('applies every rule of the server: auth, validation, error shapes', async () => {
    const unauth = await fetch(`${mock.credentials.baseUrl}/api/account`);
    expect(unauth.status).toBe(401);
    const bad = await api('/api/credits/preview', {
      method: 'POST',
      body: JSON.stringify({ action: 'FIND_PERSON', count: 0 }),
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { field: string } }).error.field).toBe('count');
  });

  it('has stable credentials for a seed, across resets and instances', async () => {
    const before = mock.credentials.apiKey;
    await mock.reset();
    expect(mock.credentials.apiKey).toBe(before);
    const twin = await setupOutboundMock({ seed: 7 });
    expect(twin.credentials.apiKey).toBe(before);
    expect(twin.credentials.partnerKey).toBe(mock.credentials.partnerKey);
    const other = await setupOutboundMock({ seed: 8 });
    expect(other.credentials.apiKey).not.toBe(before);
    expect(before).toMatch(/^pk_live_[A-Za-z0-9_-]{43}$/);
  });

  it('reset() gives a fresh database', async () => {
    await api('/api/lists', { method: 'POST', body: JSON.stringify({ name: 'Temp' }) });
    const count = () => mock.state.db.select().from(mock.state.tables.lists).all().length;
    expect(count()).toBe(2);
    await mock.reset();
    expect(count()).toBe(1);
  });

  it('scenarios.rateLimit forces 429 with Retry-After for the given number of calls', async () => {
    mock.scenarios.rateLimit('listAccounts', { times: 2, retryAfter: 3 });
    const a = await api('/api/accounts');
    const b = await api('/api/accounts');
    const c = await api('/api/accounts');
    expect([a.status, b.status, c.status]).toEqual([429, 429, 200]);
    expect(a.headers.get('retry-after')).toBe('3');
    expect(await a.json()).toEqual({
      error: { code: 'rate_limited', message: 'Rate limit exceeded: retry after 3 seconds' },
    });
  });

  it("scenarios.fail answers in the operation's documented shape", async () => {
    mock.scenarios.fail('completeOnboarding', 503).fail('getAccount', 500);
    const flat = await api('/api/onboarding/complete', { method: 'POST', body: '{}' });
    expect(flat.status).toBe(503);
    expect(typeof ((await flat.json()) as { error: unknown }).error).toBe('string');
    const structured = await api('/api/account');
    expect(structured.status).toBe(500);
    expect(((await structured.json()) as { error: { code: string } }).error.code).toBe('internal_error');
    expect((await api('/api/account')).status).toBe(200);
  });

  it('scenarios refuse an unknown operation id', () => {
    expect(() => mock.scenarios.fail('noSuchOperation' as never, 500)).toThrow(/unknown operationId/);
  });

  it('scenarios.latency delays responses', async () => {
    mock.scenarios.latency(150);
    const t0 = performance.now();
    await api('/api/account');
    expect(performance.now() - t0).toBeGreaterThanOrEqual(140);
  });

  it('scenarios.billingOutage makes credit previews answer balance null, sufficient true', async () => {
    mock.scenarios.billingOutage();
    const res = await api('/api/credits/preview', {
      method: 'POST',
      body: JSON.stringify({ action: 'DEEP_RESEARCH', count: 1 }),
    });
    expect(await res.json()).toMatchObject({ balance: null, sufficient: true });
  });

  it('reset() undoes scenarios', async () => {
    mock.scenarios.fail('getAccount', 500, { times: 5 }).latency(500);
    await mock.reset();
    const t0 = performance.now();
    expect((await api('/api/account')).status).toBe(200);
    expect(performance.now() - t0).toBeLessThan(400);
  });

  it('the virtual clock moves only when told to, and hosted URLs expire with it', async () => {
    const start = mock.clock.now();
    const res = await api('/api/extconn/connect', { method: 'POST' });
    const { url } = (await res.json()) as { url: string };
    expect(mock.clock.now()).toBe(start);
    expect((await fetch(url)).status).toBe(200);
    await mock.clock.advance('61m');
    expect(mock.clock.now()).toBe(start + 61 * 60_000);
    expect((await fetch(url)).status).toBe(410);
  });

  it('clock.advance runs the jobs that become due on the way, in order', async () => {
    const ran: string[] = [];
    mock.mock.app.runner.register('test.step', (p) => {
      ran.push(`${(p as { name: string }).name}@${mock.clock.now()}`);
    });
    const t = mock.clock.now();
    mock.mock.app.runner.enqueue(mock.state.db, { type: 'test.step', payload: { name: 'b' }, runAt: t + 90_000 });
    mock.mock.app.runner.enqueue(mock.state.db, { type: 'test.step', payload: { name: 'a' }, runAt: t + 30_000 });
    await mock.clock.advance('1m');
    expect(ran).toEqual([`a@${t + 30_000}`]);
    await mock.clock.advance('2m');
    expect(ran).toEqual([`a@${t + 30_000}`, `b@${t + 90_000}`]);
  });

  it('instant timing completes pending work as soon as a request is answered', async () => {
    const ran: number[] = [];
    mock.mock.app.runner.register('test.later', () => {
      ran.push(mock.clock.now());
    });
    const t = mock.clock.now();
    mock.mock.app.runner.enqueue(mock.state.db, { type: 'test.later', runAt: t + 120_000 });
    await api('/api/account');
    expect(ran).toEqual([t + 120_000]);
  });

  it('requests to other hosts pass through untouched', async () => {
    await expect(fetch('http://127.0.0.1:9/unreachable')).rejects.toThrow();
  });
});

describe('outbound-mock', () => {
  it('serves the mock over HTTP on loopback and prints the credentials', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--conditions=source', join(__dirname, '../src/cli.ts'), '--port', '0'],
      {
        cwd: join(__dirname, '..'),
      },
    );
    let out = '';
    child.stdout.on('data', (d) => {
      out += String(d);
    });
    try {
      const deadline = Date.now() + 20_000;
      while (!out.includes('curl')) {
        if (Date.now() > deadline) throw new Error(`no banner: ${out}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      const base = /Base URL\s+(\S+)/.exec(out)?.[1];
      const key = /API key\s+(\S+)/.exec(out)?.[1];
      mock.close();
      const res = await fetch(`${base}/api/accounts`, { headers: { authorization: `Bearer ${key}` } });
      expect(res.status).toBe(200);
      mock.listen();
    } finally {
      child.kill('SIGTERM');
    }
  });
});

describe('provider failure scenarios', () => {
  it('a failing send answers 502 and writes nothing; a rejected mirror saves the post without provider id', async () => {
    const c = mock.credentials;
    const api = (path: string, body?: unknown) =>
      fetch(`${c.baseUrl}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { authorization: `Bearer ${c.apiKey}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const thread = (await (
      await api('/api/threads', {
        channel: 'email',
        recipient_email: 'a@example.com',
        subject: 's',
        account_id: c.emailAccountId,
      })
    ).json()) as { thread: { id: string } };
    mock.scenarios.providerFailure('send');
    expect((await api(`/api/threads/${thread.thread.id}/messages`, { body_text: 'x' })).status).toBe(502);
    expect(mock.state.mail()).toHaveLength(0);
    expect((await api(`/api/threads/${thread.thread.id}/messages`, { body_text: 'x' })).status).toBe(201);
    expect(mock.state.mail()).toHaveLength(1);
    mock.scenarios.providerFailure('postMirror');
    const post = (await (await api('/api/calendar/posts', { content: 'Hi', channels: ['socialnet'] })).json()) as {
      post: { provider_post_id: string | null };
    };
    expect(post.post.provider_post_id).toBeNull();
  });
});

describe('webhook events', () => {
  it('are handed over in-process, signed with the known test secret, and delivered to a URL', async () => {
    const { verifyWebhook } = await import('@outbound/sdk');
    const { createServer } = await import('node:http');
    const received: Array<{ body: string; headers: Record<string, string | string[] | undefined> }> = [];
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (d) => {
        body += d;
      });
      req.on('end', () => {
        received.push({ body, headers: req.headers });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const port = (receiver.address() as { port: number }).port;
    const inProcess: string[] = [];
    mock.events.on(async (d) => {
      const event = await verifyWebhook(d.body, d.headers, mock.events.secret, { now: new Date(mock.clock.now()) });
      inProcess.push(event.type);
    });
    mock.events.deliverTo(`http://127.0.0.1:${port}/hooks`);
    const res = await fetch(`${mock.credentials.baseUrl}/api/v1/research`, {
      method: 'POST',
      headers: { authorization: `Bearer ${mock.credentials.partnerKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ first_name: 'Ada', last_name: 'Lovelace', linkedin_url: 'linkedin.com/in/ada-events' }),
    });
    expect(res.status).toBe(202);
    expect(inProcess).toEqual(['research.complete']);
    expect(received).toHaveLength(1);
    const delivered = await verifyWebhook(received[0]!.body, received[0]!.headers, mock.events.secret, {
      now: new Date(mock.clock.now()),
    });
    expect(delivered).toMatchObject({ type: 'research.complete', data: { first_name: 'Ada' } });
    expect(mock.state.deliveries()).toEqual([expect.objectContaining({ status: 204 })]);
    mock.events.deliverTo(undefined);
    receiver.close();
  });
});
