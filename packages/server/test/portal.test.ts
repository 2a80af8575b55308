// GET /api/v1/partners/portal (spec: "a short-lived webhook management portal URL that expires
// after 5 minutes") and the portal's forms over HTTP; the browser test drives the same pages.
import { LIMITS } from '@outbound/schema';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { webhookEndpoints } from '../src/db/schema.js';
import { call, expectStructured, type TestWorld, world } from './helpers.js';
import { Receiver } from './receiver.js';

let w: TestWorld;
let receiver: Receiver;
beforeEach(async () => {
  w = await world({ config: { rateLimit: false } });
  receiver = await new Receiver().start();
});
afterEach(async () => {
  await receiver.stop();
  w.close();
});

const portalUrl = async (key = w.demo.partnerKey) => {
  const res = await call(w.app, 'GET', '/api/v1/partners/portal', { key });
  expect(res.status).toBe(200);
  return res.json as { url: string; expires_at: string };
};

/** Opens a portal link and answers a small browser: cookie jar and the page's CSRF token. */
async function open(url: string) {
  const path = new URL(url).pathname;
  const res = await w.app.request(path);
  expect(res.status).toBe(303);
  expect(res.headers.get('location')).toBe('/portal');
  const setCookie = res.headers.get('set-cookie') ?? '';
  expect(setCookie).toMatch(/HttpOnly/);
  expect(setCookie).toMatch(/SameSite=Lax/);
  expect(setCookie).toMatch(/Path=\/portal/);
  expect(setCookie).toMatch(/Secure/); // the base URL is https
  const cookie = setCookie.split(';')[0]!;
  const get = async (p: string) => {
    const r = await w.app.request(p, { headers: { cookie } });
    return { status: r.status, text: await r.text(), headers: r.headers };
  };
  const home = await get('/portal');
  const csrf = /name="csrf" value="([^"]+)"/.exec(home.text)?.[1] ?? '';
  const post = async (p: string, fields: [string, string][], withCsrf = true) => {
    const form = new URLSearchParams(withCsrf ? [['csrf', csrf], ...fields] : fields);
    const r = await w.app.request(p, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    return { status: r.status, text: await r.text(), headers: r.headers };
  };
  return { get, post, home, csrf };
}

const endpoints = () => w.app.ctx.db.select().from(webhookEndpoints).all();

describe('GET /api/v1/partners/portal', () => {
  it('answers a portal URL under the base address, valid 5 minutes', async () => {
    const r = await portalUrl();
    expect(r.url).toMatch(/^https:\/\/api\.outbound\.test\/portal\/login\/[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(r.expires_at) - w.clock.now()).toBe(LIMITS.portalUrlTtlMs);
    expect(LIMITS.portalUrlTtlMs).toBe(5 * 60_000);
  });

  it('rejects user-account tokens with 401 (partner endpoints need a partner key)', async () => {
    const res = await call(w.app, 'GET', '/api/v1/partners/portal', { key: w.demo.apiKey });
    expect(res.status).toBe(401);
    expectStructured(res, 'unauthorized');
  });

  it('a link opened after 5 minutes shows the expired page; just before, it opens', async () => {
    const late = await portalUrl();
    const early = await portalUrl();
    w.clock.advance(LIMITS.portalUrlTtlMs - 1);
    expect((await w.app.request(new URL(early.url).pathname)).status).toBe(303);
    w.clock.advance(1);
    const res = await w.app.request(new URL(late.url).pathname);
    expect(res.status).toBe(410);
    expect(await res.text()).toContain('data-testid="portal-expired" data-state="expired"');
    const unknown = await w.app.request('/portal/login/not-a-token');
    expect(unknown.status).toBe(410);
  });
});

describe('the portal', () => {
  it('without a session shows the expired page, not the partner’s data', async () => {
    const res = await w.app.request('/portal');
    expect(res.status).toBe(401);
    expect(await res.text()).toContain('portal-expired');
  });

  it('adds an endpoint, reveals and rotates its secret, sends a test event, retries it, removes it', async () => {
    const p = await open((await portalUrl()).url);
    expect(p.home.text).toContain('No endpoints yet');
    const added = await p.post('/portal/endpoints', [
      ['url', receiver.url],
      ['description', 'Local receiver'],
      ['event_types', 'research.complete'],
      ['event_types', 'signal.detected'],
    ]);
    expect(added.status).toBe(303);
    const [e] = endpoints();
    expect(e).toMatchObject({ url: receiver.url, eventTypes: ['signal.detected', 'research.complete'] });
    const page = `/portal/endpoints/${e!.id}`;
    expect((await p.get(page)).text).toContain('whsec_••••');

    const revealed = await p.post(`${page}/secret/reveal`, []);
    const secret = /data-testid="secret">(whsec_[^<]+)</.exec(revealed.text)?.[1];
    expect(secret).toMatch(/^whsec_/);
    expect(revealed.headers.get('cache-control')).toBe('no-store');
    receiver.secrets = [secret!];

    const tested = await p.post(`${page}/test`, [['type', 'research.complete']]);
    expect(tested.text).toMatch(/Test research.complete event msg_[0-9a-f]{32}: answered 204/);
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]!.payload.type).toBe('research.complete');
    const id = receiver.received[0]!.id;
    expect(tested.text).toContain(`data-delivery-id="${id}" data-status="succeeded"`);

    const retried = await p.post(`/portal/deliveries/${id}/retry`, []);
    expect(retried.text).toContain(`Retried ${id}: answered 204`);
    expect(receiver.ids).toEqual([id]);
    expect(receiver.received).toHaveLength(2);
    expect((retried.text.match(new RegExp(`data-attempt-of="${id}"`, 'g')) ?? []).length).toBe(2);

    const rotated = await p.post(`${page}/secret/rotate`, []);
    const fresh = /data-testid="secret">(whsec_[^<]+)</.exec(rotated.text)?.[1];
    expect(fresh).toMatch(/^whsec_/);
    expect(fresh).not.toBe(secret);

    const types = await p.post(`${page}/event-types`, [['event_types', 'research.failed']]);
    expect(types.status).toBe(200);
    expect(endpoints()[0]!.eventTypes).toEqual(['research.failed']);

    expect((await p.post(`${page}/delete`, [])).status).toBe(303);
    expect(endpoints()).toEqual([]);
  });

  it('refuses a form without the session’s CSRF token, and an http URL off loopback', async () => {
    const p = await open((await portalUrl()).url);
    const forged = await p.post(
      '/portal/endpoints',
      [
        ['url', receiver.url],
        ['event_types', 'research.complete'],
      ],
      false,
    );
    expect(forged.status).toBe(403);
    const plain = await p.post('/portal/endpoints', [
      ['url', 'http://hooks.example.com/x'],
      ['event_types', 'research.complete'],
    ]);
    expect(plain.status).toBe(400);
    expect(plain.text).toContain('data-testid="form-error"');
    const none = await p.post('/portal/endpoints', [['url', receiver.url]]);
    expect(none.status).toBe(400);
    expect(endpoints()).toEqual([]);
  });

  it('a partner sees and changes only its own endpoints and deliveries', async () => {
    const mine = await open((await portalUrl()).url);
    await mine.post('/portal/endpoints', [
      ['url', receiver.url],
      ['event_types', 'research.complete'],
    ]);
    const [e] = endpoints();
    const theirs = await open((await portalUrl(w.other.partnerKey)).url);
    expect((await theirs.get(`/portal/endpoints/${e!.id}`)).status).toBe(404);
    expect((await theirs.post(`/portal/endpoints/${e!.id}/delete`, [])).status).toBe(404);
    expect((await theirs.post(`/portal/endpoints/${e!.id}/secret/reveal`, [])).status).toBe(404);
    expect((await theirs.get('/portal')).text).not.toContain(receiver.url);
    expect(endpoints()).toHaveLength(1);
  });

  it('the session ends after its lifetime', async () => {
    const p = await open((await portalUrl()).url);
    w.clock.advance(w.app.ctx.config.portalSessionTtlMs);
    const res = await p.get('/portal');
    expect(res.status).toBe(401);
    expect(res.text).toContain('data-state="expired"');
  });
});
