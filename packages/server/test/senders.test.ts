// GET /api/accounts, POST /api/extconn/connect and its hosted page, POST /api/email/accounts.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { senderAccounts } from '../src/db/schema.js';
import { hmacSha256Hex } from '../src/lib/crypto.js';
import { call, type TestWorld, world } from './helpers.js';

let w: TestWorld;
beforeEach(async () => {
  w = await world();
});
afterEach(() => w.close());

const pathOf = (url: string) => new URL(url).pathname;

async function submitForm(path: string, fields: Record<string, string>) {
  const res = await w.app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: res.status, html: await res.text() };
}

describe('GET /api/accounts', () => {
  it('lists both channels without a type, newest first by created_at', async () => {
    const res = await call(w.app, 'GET', '/api/accounts', { key: w.demo.apiKey });
    expect(res.status).toBe(200);
    const types = res.json.accounts.map((a: { type: string }) => a.type);
    expect(types.sort()).toEqual(['email', 'socialnet']);
    const times = res.json.accounts.map((a: { created_at: string }) => Date.parse(a.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('orders by created_at newest first across later connections', async () => {
    w.clock.advance(60_000);
    const { url } = (await call(w.app, 'POST', '/api/extconn/connect', { key: w.demo.apiKey })).json;
    await submitForm(pathOf(url), { first_name: 'Late', last_name: 'Comer', profile_slug: 'late-comer' });
    const res = await call(w.app, 'GET', '/api/accounts', { key: w.demo.apiKey });
    expect(res.json.accounts[0].display_name).toBe('Late Comer');
  });

  it('type=socialnet, type=email and the linkedin alias restrict to one channel', async () => {
    const social = await call(w.app, 'GET', '/api/accounts?type=socialnet', { key: w.demo.apiKey });
    const alias = await call(w.app, 'GET', '/api/accounts?type=linkedin', { key: w.demo.apiKey });
    const email = await call(w.app, 'GET', '/api/accounts?type=email', { key: w.demo.apiKey });
    expect(social.json.accounts.map((a: { type: string }) => a.type)).toEqual(['socialnet']);
    expect(alias.json).toEqual(social.json);
    expect(email.json.accounts.map((a: { type: string }) => a.type)).toEqual(['email']);
  });

  it('returns fields of the other channel as null and omits email_domains for social-network accounts', async () => {
    const res = await call(w.app, 'GET', '/api/accounts', { key: w.demo.apiKey });
    const social = res.json.accounts.find((a: { type: string }) => a.type === 'socialnet');
    const email = res.json.accounts.find((a: { type: string }) => a.type === 'email');
    expect(social).not.toHaveProperty('email_domains');
    expect(social.email_address).toBeNull();
    expect(social.daily_limit).toBeNull();
    expect(social.weekly_connection_limit).toBeGreaterThan(0);
    expect(email.email_domains).toEqual({ id: email.domain_id, domain: 'outbound.local', status: 'verified' });
    expect(email.provider_account_id).toBeNull();
    expect(email.is_premium).toBeNull();
    expect(email.weekly_message_limit).toBeNull();
  });

  it('an empty list is not an error', async () => {
    w.app.ctx.db.delete(senderAccounts).run();
    const res = await call(w.app, 'GET', '/api/accounts?type=email', { key: w.demo.apiKey });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ accounts: [] });
  });

  it('is scoped to the caller', async () => {
    const mine = await call(w.app, 'GET', '/api/accounts', { key: w.demo.apiKey });
    expect(mine.json.accounts.every((a: { user_id: string }) => a.user_id === w.demo.userId)).toBe(true);
  });
});

describe('POST /api/extconn/connect and the hosted login', () => {
  it('answers a one-time URL under the base address that expires after 1 hour', async () => {
    const res = await call(w.app, 'POST', '/api/extconn/connect', { key: w.demo.apiKey });
    expect(res.status).toBe(200);
    expect(res.json.url).toMatch(/^https:\/\/api\.outbound\.test\/connect\/extconn\/[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(res.json.expires_at) - w.clock.now()).toBe(3_600_000);
    const page = await w.app.request(pathOf(res.json.url));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Connect your social-network account');
  });

  it('completing the page creates a connected account with premium, sales-navigator and weekly limits', async () => {
    const { url } = (await call(w.app, 'POST', '/api/extconn/connect', { key: w.demo.apiKey })).json;
    const done = await submitForm(pathOf(url), {
      first_name: 'Ada',
      last_name: 'Lovelace',
      profile_slug: 'ada-lovelace',
      is_premium: 'on',
      has_sales_navigator: 'on',
    });
    expect(done.status).toBe(200);
    const list = await call(w.app, 'GET', '/api/extconn/accounts', { key: w.demo.apiKey });
    const ada = list.json.accounts.find((a: { display_name: string }) => a.display_name === 'Ada Lovelace');
    expect(ada).toMatchObject({
      type: 'socialnet',
      status: 'connected',
      is_premium: true,
      has_sales_navigator: true,
      weekly_connection_limit: 200,
      weekly_message_limit: 300,
      profile_url: 'https://www.linkedin.com/in/ada-lovelace',
    });
    expect(ada.provider_account_id).toMatch(/^sn_/);
  });

  it('a basic account gets the basic weekly limits', async () => {
    const { url } = (await call(w.app, 'POST', '/api/extconn/connect', { key: w.demo.apiKey })).json;
    await submitForm(pathOf(url), { first_name: 'Bo', last_name: 'Basic', profile_slug: 'bo' });
    const list = await call(w.app, 'GET', '/api/extconn/accounts', { key: w.demo.apiKey });
    const bo = list.json.accounts.find((a: { display_name: string }) => a.display_name === 'Bo Basic');
    expect(bo).toMatchObject({
      is_premium: false,
      has_sales_navigator: false,
      weekly_connection_limit: 100,
      weekly_message_limit: 100,
    });
  });

  it('the URL works once', async () => {
    const { url } = (await call(w.app, 'POST', '/api/extconn/connect', { key: w.demo.apiKey })).json;
    await submitForm(pathOf(url), { first_name: 'A', last_name: 'B', profile_slug: 'ab' });
    const again = await w.app.request(pathOf(url));
    expect(again.status).toBe(410);
    expect(await again.text()).toContain('already used');
  });

  it('the URL expires after 1 hour with a clear page', async () => {
    const { url } = (await call(w.app, 'POST', '/api/extconn/connect', { key: w.demo.apiKey })).json;
    w.clock.advance(3_600_000 - 1);
    expect((await w.app.request(pathOf(url))).status).toBe(200);
    w.clock.advance(1);
    const expired = await w.app.request(pathOf(url));
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain('expired');
    const submit = await submitForm(pathOf(url), { first_name: 'A', last_name: 'B', profile_slug: 'ab' });
    expect(submit.status).toBe(410);
  });

  it('a new call removes the previous pending connection: the latest call wins', async () => {
    const first = (await call(w.app, 'POST', '/api/extconn/connect', { key: w.demo.apiKey })).json.url;
    const second = (await call(w.app, 'POST', '/api/extconn/connect', { key: w.demo.apiKey })).json.url;
    expect((await w.app.request(pathOf(first))).status).toBe(410);
    expect((await w.app.request(pathOf(second))).status).toBe(200);
  });

  it('another user connecting does not remove my pending connection', async () => {
    const mine = (await call(w.app, 'POST', '/api/extconn/connect', { key: w.demo.apiKey })).json.url;
    await call(w.app, 'POST', '/api/extconn/connect', { key: w.other.apiKey });
    expect((await w.app.request(pathOf(mine))).status).toBe(200);
  });

  it('the inbound provider notification refuses an unsigned or wrongly signed payload', async () => {
    const body = JSON.stringify({ connection_id: crypto.randomUUID(), status: 'CREATION_SUCCESS', account: {} });
    const unsigned = await w.app.request('/api/inbound/extconn', { method: 'POST', body });
    expect(unsigned.status).toBe(401);
    const forged = await w.app.request('/api/inbound/extconn', {
      method: 'POST',
      body,
      headers: { 'x-provider-signature': await hmacSha256Hex('wrong-secret', body) },
    });
    expect(forged.status).toBe(401);
  });

  it('refresh re-reads the account from the provider', async () => {
    const res = await call(w.app, 'POST', `/api/extconn/accounts/${w.demo.socialnetAccountId}/refresh`, {
      key: w.demo.apiKey,
    });
    expect(res.status).toBe(200);
    expect(res.json.account).toMatchObject({ id: w.demo.socialnetAccountId, status: 'connected' });
    const email = await call(w.app, 'POST', `/api/extconn/accounts/${w.demo.emailAccountId}/refresh`, {
      key: w.demo.apiKey,
    });
    expect(email.status).toBe(404);
  });
});

describe('POST /api/email/accounts and the hosted consent page', () => {
  it('consent creates an active email sender with a verified domain and a sending inbox', async () => {
    const res = await call(w.app, 'POST', '/api/email/accounts', {
      key: w.demo.apiKey,
      body: { email_address: 'ada@analytical.example' },
    });
    expect(res.status).toBe(200);
    const page = await w.app.request(pathOf(res.json.url));
    expect(await page.text()).toContain('value="ada@analytical.example"');
    const done = await submitForm(pathOf(res.json.url), { email: 'ada@analytical.example', first_name: 'Ada' });
    expect(done.status).toBe(200);
    const list = await call(w.app, 'GET', '/api/accounts?type=email', { key: w.demo.apiKey });
    const ada = list.json.accounts.find((a: { email_address: string }) => a.email_address === 'ada@analytical.example');
    expect(ada.status).toBe('active');
    expect(ada.email_domains).toMatchObject({ domain: 'analytical.example', status: 'verified' });
    expect(ada.mailbox_provider_inbox_id).toMatch(/^inbox_/);
  });

  it('an invalid email on the consent page is refused and creates nothing', async () => {
    const res = await call(w.app, 'POST', '/api/email/accounts', { key: w.demo.apiKey, body: {} });
    const before = w.app.ctx.db.select().from(senderAccounts).all().length;
    const done = await submitForm(pathOf(res.json.url), { email: 'not-an-email' });
    expect(done.status).toBe(400);
    expect(w.app.ctx.db.select().from(senderAccounts).all().length).toBe(before);
  });
});
