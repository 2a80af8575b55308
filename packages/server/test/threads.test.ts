// Unibox: threads and POST /api/threads/{id}/messages, every documented status.
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messages, senderAccounts, threads } from '../src/db/schema.js';
import { hmacSha256Hex } from '../src/lib/crypto.js';
import { type OutgoingEmail, ProviderRateLimitError, ProviderSendError, RecordingMail } from '../src/providers/mail.js';
import { call, dashboard, expectStructured, type TestWorld, world } from './helpers.js';

let w: TestWorld;
let mail: RecordingMail;
let failNext: Error | undefined;
beforeEach(async () => {
  mail = new RecordingMail();
  failNext = undefined;
  w = await world({
    providers: {
      mail: {
        send: async (m: OutgoingEmail) => {
          const f = failNext;
          failNext = undefined;
          if (f) throw f;
          return mail.send(m);
        },
      },
    },
  });
});
afterEach(() => w.close());

const api = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  call(w.app, method, path, { key: w.demo.apiKey, body, headers });

async function emailThread(extra: Record<string, unknown> = {}) {
  const res = await api('POST', '/api/threads', { channel: 'email', recipient_email: 'ada@example.com', ...extra });
  expect(res.status).toBe(201);
  return res.json.thread.id as string;
}
const attachment = {
  name: 'deck.pdf',
  bucket: 'uploads',
  path: 'u/deck.pdf',
  url: 'https://files.example.com/deck.pdf',
  mime_type: 'application/pdf',
  size: 2048,
};
const countMessages = (threadId: string) =>
  w.app.ctx.db.select().from(messages).where(eq(messages.threadId, threadId)).all().length;

describe('threads', () => {
  it('creates an email thread and a social-network thread, lists them newest first, reads one with its messages', async () => {
    const a = await emailThread({ subject: 'Intro' });
    w.clock.advance(1000);
    const b = await api('POST', '/api/threads', {
      channel: 'socialnet',
      recipient_profile_url: 'https://uk.linkedin.com/in/Ada/',
    });
    expect(b.json.thread).toMatchObject({
      channel: 'socialnet',
      recipient_profile_url: 'https://www.linkedin.com/in/ada',
      account_id: w.demo.socialnetAccountId,
    });
    const list = await api('GET', '/api/threads?limit=1&page=1');
    expect(list.json).toMatchObject({ total: 2, has_more: true });
    expect(list.json.threads[0].id).toBe(b.json.thread.id);
    const second = await api('GET', '/api/threads?limit=1&page=2');
    expect(second.json.threads[0].id).toBe(a);
    const one = await api('GET', `/api/threads/${a}`);
    expect(one.json).toMatchObject({ thread: { id: a, inbox_state: 'new', status: 'open' }, messages: [] });
  });

  it('an account of the other channel cannot back a thread: 422', async () => {
    const res = await api('POST', '/api/threads', {
      channel: 'email',
      recipient_email: 'a@example.com',
      account_id: w.demo.socialnetAccountId,
    });
    expect(res.status).toBe(422);
  });
});

describe('POST /api/threads/{id}/messages', () => {
  it('sends a one-off email: thread becomes sent_one_off and active, counters stay true', async () => {
    const id = await emailThread();
    const res = await api('POST', `/api/threads/${id}/messages`, {
      body_text: 'Hi Ada,\nquick <question>',
      subject: 'Q4',
      account_id: w.demo.emailAccountId,
      threading_mode: 'new_thread',
      cc: 'b@example.com, c@example.com',
      bcc: 'd@example.com',
    });
    expect(res.status).toBe(201);
    expect(res.json.thread).toMatchObject({
      inbox_state: 'sent_one_off',
      status: 'active',
      outbound_message_count: 1,
      has_one_off_message: true,
    });
    expect(res.json.message).toMatchObject({
      direction: 'outbound',
      subject: 'Q4',
      body_text: 'Hi Ada,\nquick <question>',
      cc: ['b@example.com', 'c@example.com'],
      bcc: ['d@example.com'],
    });
    expect(res.json.message.body_html).toBe('Hi Ada,<br>\nquick &lt;question&gt;');
    expect(mail.sent[0]).toMatchObject({ from: 'sender@outbound.local', to: ['ada@example.com'], subject: 'Q4' });
    const again = await api('POST', `/api/threads/${id}/messages`, { body_text: 'Second' });
    expect(again.json.thread.outbound_message_count).toBe(2);
  });

  it('400: body_text missing or empty, threading_mode invalid', async () => {
    const id = await emailThread({ subject: 's', account_id: w.demo.emailAccountId });
    for (const body of [{}, { body_text: '' }, { body_text: 'x', threading_mode: 'forward' }]) {
      const res = await api('POST', `/api/threads/${id}/messages`, body);
      expect(res.status).toBe(400);
      expectStructured(res, 'invalid_request');
    }
    expect(countMessages(id)).toBe(0);
  });

  it('400: a new email thread without a subject needs one; account_id is needed when the thread has no sender', async () => {
    const id = await emailThread();
    const noAccount = await api('POST', `/api/threads/${id}/messages`, { body_text: 'x', subject: 's' });
    expect(noAccount.status).toBe(400);
    expect(noAccount.json.error.field).toBe('account_id');
    const noSubject = await api('POST', `/api/threads/${id}/messages`, {
      body_text: 'x',
      account_id: w.demo.emailAccountId,
    });
    expect(noSubject.status).toBe(400);
    expect(noSubject.json.error.field).toBe('subject');
    const withThreadSubject = await emailThread({ subject: 'Given', account_id: w.demo.emailAccountId });
    expect(
      (await api('POST', `/api/threads/${withThreadSubject}/messages`, { body_text: 'x' })).json.message.subject,
    ).toBe('Given');
  });

  it('403: an API-key request that includes attachments, whatever their content', async () => {
    const id = await emailThread({ subject: 's', account_id: w.demo.emailAccountId });
    const res = await api('POST', `/api/threads/${id}/messages`, { body_text: 'x', attachments: [attachment] });
    expect(res.status).toBe(403);
    expect(res.json.error.field).toBe('attachments');
    expect((await api('POST', `/api/threads/${id}/messages`, { body_text: 'x', attachments: 'junk' })).status).toBe(
      403,
    );
    expect(countMessages(id)).toBe(0);
  });

  it('a dashboard session may send attachments; invalid metadata is 400', async () => {
    const id = await emailThread({ subject: 's', account_id: w.demo.emailAccountId });
    const d = await dashboard(w.app);
    const ok = await call(w.app, 'POST', `/api/threads/${id}/messages`, {
      headers: d.headers(),
      body: { body_text: 'See attached', attachments: [attachment] },
    });
    expect(ok.status).toBe(201);
    expect(ok.json.message.attachments).toEqual([attachment]);
    const bad = await call(w.app, 'POST', `/api/threads/${id}/messages`, {
      headers: d.headers(),
      body: { body_text: 'x', attachments: [{ ...attachment, size: -5 }] },
    });
    expect(bad.status).toBe(400);
    const noCsrf = await call(w.app, 'POST', `/api/threads/${id}/messages`, {
      headers: d.headers(false),
      body: { body_text: 'x' },
    });
    expect(noCsrf.status).toBe(403);
  });

  it('404: a thread of another workspace', async () => {
    const id = await emailThread({ subject: 's', account_id: w.demo.emailAccountId });
    const res = await call(w.app, 'POST', `/api/threads/${id}/messages`, {
      key: w.other.apiKey,
      body: { body_text: 'x' },
    });
    expect(res.status).toBe(404);
  });

  it('422: channel cannot send, recipient email missing, sender account not ready or not in the workspace', async () => {
    const id = await emailThread({ subject: 's' });
    const wrongChannel = await api('POST', `/api/threads/${id}/messages`, {
      body_text: 'x',
      account_id: w.demo.socialnetAccountId,
    });
    expect(wrongChannel.status).toBe(422);
    const foreign = await api('POST', `/api/threads/${id}/messages`, {
      body_text: 'x',
      account_id: w.other.emailAccountId,
    });
    expect(foreign.status).toBe(422);
    w.app.ctx.db
      .update(senderAccounts)
      .set({ status: 'credentials_required' })
      .where(eq(senderAccounts.id, w.demo.emailAccountId))
      .run();
    const notReady = await api('POST', `/api/threads/${id}/messages`, {
      body_text: 'x',
      account_id: w.demo.emailAccountId,
    });
    expect(notReady.status).toBe(422);
    w.app.ctx.db
      .update(senderAccounts)
      .set({ status: 'active' })
      .where(eq(senderAccounts.id, w.demo.emailAccountId))
      .run();
    w.app.ctx.db.update(threads).set({ recipientEmail: null }).where(eq(threads.id, id)).run();
    const noRecipient = await api('POST', `/api/threads/${id}/messages`, {
      body_text: 'x',
      account_id: w.demo.emailAccountId,
    });
    expect(noRecipient.status).toBe(422);
    expect(noRecipient.json.error.message).toMatch(/recipient email/);
    expect(countMessages(id)).toBe(0);
  });

  it('429: the provider rate-limited the send; Retry-After given and nothing written', async () => {
    const id = await emailThread({ subject: 's', account_id: w.demo.emailAccountId });
    failNext = new ProviderRateLimitError(42);
    const res = await api('POST', `/api/threads/${id}/messages`, { body_text: 'x' });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('42');
    expectStructured(res, 'rate_limited');
    expect(countMessages(id)).toBe(0);
    expect((await api('GET', `/api/threads/${id}`)).json.thread).toMatchObject({
      outbound_message_count: 0,
      inbox_state: 'new',
    });
  });

  it('502: the provider failed to send; nothing written', async () => {
    const id = await emailThread({ subject: 's', account_id: w.demo.emailAccountId });
    failNext = new ProviderSendError('smtp down');
    const res = await api('POST', `/api/threads/${id}/messages`, { body_text: 'x' });
    expect(res.status).toBe(502);
    expect(countMessages(id)).toBe(0);
  });

  it('500: sent but not saved says so in a machine-readable way', async () => {
    const id = await emailThread({ subject: 's', account_id: w.demo.emailAccountId });
    const db = w.app.ctx.db as unknown as { transaction: unknown };
    const original = db.transaction;
    const realSend = mail.send.bind(mail);
    mail.send = async (m) => {
      const r = await realSend(m);
      db.transaction = () => {
        throw new Error('disk I/O error');
      };
      return r;
    };
    const res = await api('POST', `/api/threads/${id}/messages`, { body_text: 'x' });
    db.transaction = original;
    expect(res.status).toBe(500);
    expect(res.json.error).toMatchObject({ code: 'internal_error', reason: 'sent_not_saved' });
    expect(res.json.error.message).toMatch(/sent but could not be saved/);
    expect(mail.sent).toHaveLength(1);
  });

  it('a social-network send ignores the subject', async () => {
    const t = await api('POST', '/api/threads', { channel: 'socialnet', recipient_profile_url: 'linkedin.com/in/ada' });
    const res = await api('POST', `/api/threads/${t.json.thread.id}/messages`, {
      body_text: 'Hello',
      subject: 'ignored',
    });
    expect(res.status).toBe(201);
    expect(res.json.message.subject).toBeNull();
    expect(res.json.thread.subject).toBeNull();
  });

  it('replies go to the most recent inbound email unless new_thread is asked', async () => {
    const id = await emailThread({ subject: 'Intro', account_id: w.demo.emailAccountId });
    await api('POST', `/api/threads/${id}/messages`, { body_text: 'Hello' });
    const body = JSON.stringify({
      from: 'ada@example.com',
      to: ['sender@outbound.local'],
      subject: 'Re: Intro',
      text: 'Tell me more',
      message_id: '<in-1@example.com>',
      in_reply_to: mail.sent[0]!.messageId,
    });
    const inbound = await w.app.request('/api/inbound/email', {
      method: 'POST',
      body,
      headers: { 'x-provider-signature': await hmacSha256Hex(w.app.ctx.config.providerSecret, body) },
    });
    expect((await inbound.json()).thread_id).toBe(id);
    const thread = (await api('GET', `/api/threads/${id}`)).json;
    expect(thread.thread).toMatchObject({ inbox_state: 'replied', inbound_message_count: 1 });
    expect(thread.messages.map((m: { direction: string }) => m.direction)).toEqual(['outbound', 'inbound']);
    await api('POST', `/api/threads/${id}/messages`, { body_text: 'Sure' });
    expect(mail.sent[1]).toMatchObject({ inReplyTo: '<in-1@example.com>', subject: 'Re: Intro' });
    await api('POST', `/api/threads/${id}/messages`, {
      body_text: 'Fresh start',
      threading_mode: 'new_thread',
      subject: 'New topic',
    });
    expect(mail.sent[2]?.inReplyTo).toBeUndefined();
  });
});

describe('inbound social-network messages', () => {
  it('reach a thread, and a campaign recipient who answers is stopped and counted', async () => {
    const id = (await api('POST', '/api/campaigns', { name: 'S', type: 'socialnet' })).json.campaign.id;
    await api('POST', `/api/campaigns/${id}/sequence/nodes`, { type: 'connection_request' });
    await api('POST', `/api/campaigns/${id}/sequence/nodes`, { type: 'delay', delay_days: 3 });
    await api('POST', `/api/campaigns/${id}/sequence/nodes`, { type: 'message', body: 'Hi again' });
    await api('POST', `/api/campaigns/${id}/leads`, { leads: [{ linkedin_url: 'linkedin.com/in/answering-person' }] });
    await api('POST', `/api/campaigns/${id}/launch`);
    await w.app.runner.runDue();
    const { accounts } = (await api('GET', '/api/accounts?type=socialnet')).json;
    const body = JSON.stringify({
      provider_account_id: accounts[0].provider_account_id,
      profile_url: 'https://www.linkedin.com/in/answering-person',
      text: 'Thanks, not interested',
    });
    const res = await w.app.request('/api/inbound/socialnet', {
      method: 'POST',
      body,
      headers: { 'x-provider-signature': await hmacSha256Hex(w.app.ctx.config.providerSecret, body) },
    });
    const out = (await res.json()) as { matched_campaign: boolean; thread_id: string };
    expect(out.matched_campaign).toBe(true);
    const thread = (await api('GET', `/api/threads/${out.thread_id}`)).json;
    expect(thread.thread).toMatchObject({ channel: 'socialnet', inbox_state: 'replied', inbound_message_count: 1 });
    expect(thread.messages[0].body_text).toBe('Thanks, not interested');
    const c = (await api('GET', `/api/campaigns/${id}`)).json.campaign;
    expect(c.stats.replied).toBe(1);
    const leadsRes = (await api('GET', `/api/campaigns/${id}/leads`)).json;
    expect(leadsRes.leads[0].status).toBe('replied');
  });
});
