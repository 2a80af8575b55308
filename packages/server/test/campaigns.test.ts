// Campaigns: create, sequence, recipients, PATCH, launch, sending, pause and resume.
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { campaigns, leads, senderAccounts, sends, sequenceNodes } from '../src/db/schema.js';
import type { RecordingMail } from '../src/providers/mail.js';
import type { SimulatedSocialnet } from '../src/providers/socialnet.js';
import { call, expectFlat, expectStructured, type TestWorld, world } from './helpers.js';

let w: TestWorld;
beforeEach(async () => {
  w = await world();
});
afterEach(() => w.close());

const api = (method: string, path: string, body?: unknown) => call(w.app, method, path, { key: w.demo.apiKey, body });
const mail = () => w.app.ctx.providers.mail as RecordingMail;
const social = () => w.app.ctx.providers.socialnet as unknown as SimulatedSocialnet;

async function emailDraft(extra: Record<string, unknown> = {}) {
  const res = await api('POST', '/api/campaigns', { name: 'Q4 email', type: 'email', ...extra });
  expect(res.status).toBe(201);
  return res.json.campaign.id as string;
}

async function readyEmailCampaign(recipients = 3, extra: Record<string, unknown> = {}) {
  const id = await emailDraft(extra);
  await api('POST', `/api/campaigns/${id}/sequence/nodes`, {
    type: 'email',
    subject: 'Hi {{first_name}}',
    body: 'Hello {{first_name}} at {{company}}',
  });
  await api('POST', `/api/campaigns/${id}/sequence/nodes`, { type: 'delay', delay_days: 2 });
  await api('POST', `/api/campaigns/${id}/sequence/nodes`, {
    type: 'email',
    is_reply: true,
    body: 'Following up, {{first_name}}',
  });
  const rows = Array.from({ length: recipients }, (_, i) => ({
    email: `lead${i}@example.com`,
    first_name: `Lead${i}`,
    company: 'Acme',
  }));
  const added = await api('POST', `/api/campaigns/${id}/leads`, { leads: rows });
  expect(added.json.added).toBe(recipients);
  return id;
}

const campaign = (id: string) => w.app.ctx.db.select().from(campaigns).where(eq(campaigns.id, id)).get()!;
const run = () => w.app.runner.runDue();
async function advance(ms: number, stepMs = 60_000) {
  for (let t = 0; t < ms; t += stepMs) {
    w.clock.advance(Math.min(stepMs, ms - t));
    await run();
  }
}

describe('POST /api/campaigns', () => {
  it('creates a draft with its terminal end node and the sendable senders attached', async () => {
    const res = await api('POST', '/api/campaigns', { name: 'Q4', type: 'email', dailyLimit: 40 });
    expect(res.status).toBe(201);
    expect(res.json.campaign).toMatchObject({
      status: 'draft',
      type: 'email',
      daily_limit: 40,
      skip_other_campaigns: null,
    });
    expect(res.json.sequence_nodes).toEqual([expect.objectContaining({ type: 'end', position: 0 })]);
    expect(res.json.campaign.sender_accounts).toEqual([
      expect.objectContaining({ id: w.demo.emailAccountId, is_default_sender: true }),
    ]);
  });

  it('answers 400 when the caller has no sendable account of the channel', async () => {
    w.app.ctx.db
      .update(senderAccounts)
      .set({ status: 'disconnected' })
      .where(eq(senderAccounts.type, 'socialnet'))
      .run();
    const res = await api('POST', '/api/campaigns', { name: 'Q4', type: 'socialnet' });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toMatch(/no socialnet account that can send/);
  });

  it('a warming account sends only with an administrator override', async () => {
    w.app.ctx.db.update(senderAccounts).set({ status: 'warming' }).where(eq(senderAccounts.type, 'email')).run();
    expect((await api('POST', '/api/campaigns', { name: 'Q4', type: 'email' })).status).toBe(400);
    w.app.ctx.db.update(senderAccounts).set({ adminSendOverride: true }).where(eq(senderAccounts.type, 'email')).run();
    expect((await api('POST', '/api/campaigns', { name: 'Q4', type: 'email' })).status).toBe(201);
  });

  it('GET answers the campaign with its sequence; a list answers newest first', async () => {
    const a = await emailDraft();
    w.clock.advance(1000);
    const b = await emailDraft();
    const one = await api('GET', `/api/campaigns/${a}`);
    expect(one.json.campaign.id).toBe(a);
    const list = await api('GET', '/api/campaigns?limit=1');
    expect(list.json).toMatchObject({ total: 2, page: 1, limit: 1, has_more: true });
    expect(list.json.campaigns[0].id).toBe(b);
  });
});

describe('sequence nodes', () => {
  it('a node without position lands just before the end node; positions stay 0..n-1 with end last', async () => {
    const id = await emailDraft();
    await api('POST', `/api/campaigns/${id}/sequence/nodes`, { type: 'email', subject: 's', body: 'one' });
    const res = await api('POST', `/api/campaigns/${id}/sequence/nodes`, { type: 'delay', delay_hours: 1 });
    expect(res.status).toBe(201);
    expect(res.json.sequence_nodes.map((n: { type: string; position: number }) => `${n.position}:${n.type}`)).toEqual([
      '0:email',
      '1:delay',
      '2:end',
    ]);
    const first = await api('POST', `/api/campaigns/${id}/sequence/nodes`, {
      type: 'email',
      subject: 's',
      body: 'zero',
      position: 0,
    });
    expect(first.json.sequence_nodes.map((n: { body: string | null }) => n.body)).toEqual(['zero', 'one', null, null]);
  });

  it('legal node types depend on the campaign type', async () => {
    const id = await emailDraft();
    const bad = await api('POST', `/api/campaigns/${id}/sequence/nodes`, { type: 'connection_request' });
    expect(bad.status).toBe(400);
    expect(bad.json.error.field).toBe('type');
    const social = (await api('POST', '/api/campaigns', { name: 'S', type: 'socialnet' })).json.campaign.id;
    expect((await api('POST', `/api/campaigns/${social}/sequence/nodes`, { type: 'email' })).status).toBe(400);
    expect((await api('POST', `/api/campaigns/${social}/sequence/nodes`, { type: 'connection_request' })).status).toBe(
      201,
    );
  });

  it('an ai node gets its purpose and output type by update; the type is immutable', async () => {
    const id = await emailDraft();
    const added = await api('POST', `/api/campaigns/${id}/sequence/nodes`, { type: 'ai' });
    const node = added.json.sequence_nodes[0];
    expect(node.ai_node).toBeNull();
    const put = await api('PUT', `/api/campaigns/${id}/sequence/nodes/${node.id}`, {
      ai_node: { purpose: 'Open with news', output_type: 'message' },
    });
    expect(put.json.sequence_nodes[0].ai_node).toEqual({ purpose: 'Open with news', output_type: 'message' });
    const retype = await api('PUT', `/api/campaigns/${id}/sequence/nodes/${node.id}`, { type: 'email' });
    expect(retype.status).toBe(400);
    expect(retype.json.error.message).toMatch(/cannot change/);
  });

  it('move and delete keep the order gapless; the end node can be neither moved nor deleted', async () => {
    const id = await emailDraft();
    for (const body of ['a', 'b', 'c'])
      await api('POST', `/api/campaigns/${id}/sequence/nodes`, { type: 'email', subject: 's', body });
    const nodes = (await api('GET', `/api/campaigns/${id}`)).json.sequence_nodes;
    const moved = await api('POST', `/api/campaigns/${id}/sequence/nodes/${nodes[2].id}/move`, { position: 0 });
    expect(moved.json.sequence_nodes.map((n: { body: string | null }) => n.body)).toEqual(['c', 'a', 'b', null]);
    const end = nodes[3];
    expect((await api('POST', `/api/campaigns/${id}/sequence/nodes/${end.id}/move`, { position: 0 })).status).toBe(400);
    expect((await api('POST', `/api/campaigns/${id}/sequence/nodes/${nodes[0].id}/move`, { position: 3 })).status).toBe(
      400,
    );
    expect((await api('DELETE', `/api/campaigns/${id}/sequence/nodes/${end.id}`)).status).toBe(400);
    const deleted = await api('DELETE', `/api/campaigns/${id}/sequence/nodes/${nodes[0].id}`);
    expect(deleted.json.sequence_nodes.map((n: { position: number }) => n.position)).toEqual([0, 1, 2]);
  });

  it('every mutation is gated on draft: 409 otherwise', async () => {
    const id = await readyEmailCampaign(1);
    const nodes = (await api('GET', `/api/campaigns/${id}`)).json.sequence_nodes;
    await api('POST', `/api/campaigns/${id}/launch`);
    expectStructured(await api('POST', `/api/campaigns/${id}/sequence/nodes`, { type: 'email' }), 'conflict');
    expect((await api('PUT', `/api/campaigns/${id}/sequence/nodes/${nodes[0].id}`, { body: 'x' })).status).toBe(409);
    expect((await api('DELETE', `/api/campaigns/${id}/sequence/nodes/${nodes[0].id}`)).status).toBe(409);
    expect((await api('POST', `/api/campaigns/${id}/sequence/nodes/${nodes[0].id}/move`, { position: 1 })).status).toBe(
      409,
    );
  });

  it('concurrent additions keep a gapless order with end last', async () => {
    const id = await emailDraft();
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api('POST', `/api/campaigns/${id}/sequence/nodes`, { type: 'email', subject: 's', body: `${i}` }),
      ),
    );
    const nodes = w.app.ctx.db
      .select()
      .from(sequenceNodes)
      .where(eq(sequenceNodes.campaignId, id))
      .all()
      .sort((a, b) => a.position - b.position);
    expect(nodes.map((n) => n.position)).toEqual(Array.from({ length: 21 }, (_, i) => i));
    expect(nodes.at(-1)?.type).toBe('end');
  });
});

describe('recipients', () => {
  it('adds valid rows, reports rejected rows with their index and field, counts duplicates', async () => {
    const id = await emailDraft();
    const res = await api('POST', `/api/campaigns/${id}/leads`, {
      leads: [
        { email: 'a@example.com' },
        { email: 'not-an-email' },
        { first_name: 'No email' },
        { email: 'A@example.com' },
        42,
      ],
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ added: 1, duplicates: 1, total: 1 });
    expect(res.json.rejected.map((r: { index: number; field: string | null }) => [r.index, r.field])).toEqual([
      [1, 'email'],
      [2, 'email'],
      [4, null],
    ]);
    const list = await api('GET', `/api/campaigns/${id}/leads?status=pending`);
    expect(list.json).toMatchObject({ total: 1, page: 1 });
  });
});

describe('PATCH /api/campaigns/{id}', () => {
  const draftCells: Array<[string, unknown, (c: ReturnType<typeof campaign>) => unknown]> = [
    ['name', 'Renamed', (c) => c.name],
    [
      'operating_hours',
      { timezone: 'UTC', windows: [{ day: 'mon', start: '09:00', end: '17:00' }] },
      (c) => c.operatingHours?.timezone,
    ],
    ['daily_limit', 77, (c) => c.dailyLimit],
    ['stop_on_reply', false, (c) => c.stopOnReply],
    ['open_tracking', true, (c) => c.openTracking],
    ['signature', '-- Ada', (c) => c.signature],
  ];
  for (const [field, value, read] of draftCells) {
    it(`draft: ${field} is applied`, async () => {
      const id = await emailDraft();
      const res = await api('PATCH', `/api/campaigns/${id}`, { [field]: value });
      expect(res.status).toBe(200);
      expect(read(campaign(id))).toEqual(field === 'operating_hours' ? 'UTC' : value);
    });
  }

  const activeCells: Array<[string, unknown, boolean]> = [
    ['name', 'Renamed', true],
    ['daily_limit', 77, true],
    ['stop_on_reply', false, false],
    ['open_tracking', true, false],
    ['signature', '-- Ada', false],
  ];
  for (const status of ['active', 'paused'] as const) {
    for (const [field, value, applied] of activeCells) {
      it(`${status}: ${field} is ${applied ? 'applied' : 'silently ignored'}`, async () => {
        const id = await readyEmailCampaign(1);
        await api('POST', `/api/campaigns/${id}/launch`);
        await run();
        if (status === 'paused') await api('POST', `/api/campaigns/${id}/pause`);
        const before = campaign(id);
        const res = await api('PATCH', `/api/campaigns/${id}`, { [field]: value });
        expect(res.status).toBe(200);
        const after = campaign(id);
        const key = {
          name: 'name',
          daily_limit: 'dailyLimit',
          stop_on_reply: 'stopOnReply',
          open_tracking: 'openTracking',
          signature: 'signature',
        }[field] as keyof typeof after;
        expect(after[key]).toEqual(applied ? value : before[key]);
      });
    }
    it(`${status}: sender_account_ids and sequence_nodes are silently ignored`, async () => {
      const id = await readyEmailCampaign(1);
      await api('POST', `/api/campaigns/${id}/launch`);
      await run();
      if (status === 'paused') await api('POST', `/api/campaigns/${id}/pause`);
      const nodes = (await api('GET', `/api/campaigns/${id}`)).json.sequence_nodes;
      const res = await api('PATCH', `/api/campaigns/${id}`, {
        sequence_nodes: [nodes.at(-1)],
        sender_account_ids: [],
      });
      expect(res.status).toBe(200);
      expect(res.json.sequence_nodes).toHaveLength(nodes.length);
      expect(res.json.campaign.sender_accounts).toHaveLength(1);
    });
  }

  it('the camelCase aliases are accepted', async () => {
    const id = await emailDraft();
    await api('PATCH', `/api/campaigns/${id}`, {
      dailyLimit: 12,
      operatingHours: { timezone: 'Europe/Paris', windows: [{ day: 'tue', start: '08:00', end: '12:00' }] },
    });
    expect(campaign(id).dailyLimit).toBe(12);
    expect(campaign(id).operatingHours?.timezone).toBe('Europe/Paris');
  });

  it('sequence_nodes replaces the whole sequence of a draft, in array order, end required and last', async () => {
    const id = await readyEmailCampaign(1);
    const nodes = (await api('GET', `/api/campaigns/${id}`)).json.sequence_nodes;
    const [e1, d, e2, end] = nodes;
    const res = await api('PATCH', `/api/campaigns/${id}`, {
      sequence_nodes: [{ id: e2.id, position: 9 }, { id: e1.id, body: 'Rewritten {{first_name}}' }, { id: end.id }],
    });
    expect(res.status).toBe(200);
    expect(res.json.sequence_nodes.map((n: { id: string; position: number }) => [n.id, n.position])).toEqual([
      [e2.id, 0],
      [e1.id, 1],
      [end.id, 2],
    ]);
    expect(res.json.sequence_nodes[1].body).toBe('Rewritten {{first_name}}');
    expect(res.json.sequence_nodes.some((n: { id: string }) => n.id === d.id)).toBe(false);
    const noEnd = await api('PATCH', `/api/campaigns/${id}`, { sequence_nodes: [{ id: e1.id }] });
    expect(noEnd.status).toBe(400);
    expectFlat(noEnd);
  });

  it('an invalid delay fails with 400 and writes nothing', async () => {
    const id = await readyEmailCampaign(1);
    const nodes = (await api('GET', `/api/campaigns/${id}`)).json.sequence_nodes;
    const before = JSON.stringify((await api('GET', `/api/campaigns/${id}`)).json);
    const res = await api('PATCH', `/api/campaigns/${id}`, {
      name: 'Should not stick',
      sequence_nodes: [
        nodes[0],
        { id: nodes[1].id, delay_days: 0, delay_hours: 0, delay_minutes: 0 },
        nodes[2],
        nodes[3],
      ].map((n) => ({ id: n.id, ...('delay_minutes' in n && n.id === nodes[1].id ? n : {}) })),
    });
    expect(res.status).toBe(400);
    expectFlat(res);
    expect(JSON.stringify((await api('GET', `/api/campaigns/${id}`)).json)).toBe(before);
  });

  it('errors are flat: 404 for another account, 409 while launching, 422 for a foreign sender', async () => {
    const id = await readyEmailCampaign(1);
    const stranger = await call(w.app, 'PATCH', `/api/campaigns/${id}`, { key: w.other.apiKey, body: { name: 'x' } });
    expect(stranger.status).toBe(404);
    expectFlat(stranger);
    const foreign = await api('PATCH', `/api/campaigns/${id}`, { sender_account_ids: [w.other.emailAccountId] });
    expect(foreign.status).toBe(422);
    expectFlat(foreign);
    await api('POST', `/api/campaigns/${id}/launch`);
    const launching = await api('PATCH', `/api/campaigns/${id}`, { name: 'x' });
    expect(launching.status).toBe(409);
    expectFlat(launching);
    // Recipients cannot be added while launching either (addCampaignLeads 409).
    const leads = await api('POST', `/api/campaigns/${id}/leads`, { leads: [{ email: 'late@example.com' }] });
    expect(leads.status).toBe(409);
    const invalid = await api('PATCH', `/api/campaigns/${id}`, { daily_limit: 501 });
    expect(invalid.status).toBe(400);
    expectFlat(invalid);
    const unauth = await call(w.app, 'PATCH', `/api/campaigns/${id}`, { body: {} });
    expect(unauth.status).toBe(401);
    expectFlat(unauth);
  });

  it('account_limits must name senders of the campaign', async () => {
    const id = await emailDraft();
    const ok = await api('PATCH', `/api/campaigns/${id}`, {
      account_limits: [{ account_id: w.demo.emailAccountId, daily_limit: 5 }],
    });
    expect(ok.json.campaign.account_limits).toEqual([{ account_id: w.demo.emailAccountId, daily_limit: 5 }]);
    const bad = await api('PATCH', `/api/campaigns/${id}`, {
      account_limits: [{ account_id: w.demo.socialnetAccountId, daily_limit: 5 }],
    });
    expect(bad.status).toBe(422);
  });
});

describe('launch', () => {
  it('check 1: only a draft launches (400 naming the status); a launch already running is 409', async () => {
    const id = await readyEmailCampaign(1);
    expect((await api('POST', `/api/campaigns/${id}/launch`)).status).toBe(200);
    const again = await api('POST', `/api/campaigns/${id}/launch`);
    expect(again.status).toBe(409);
    await run();
    const active = await api('POST', `/api/campaigns/${id}/launch`);
    expect(active.status).toBe(400);
    expect(active.json.error.message).toMatch(/active/);
  });

  it('check 2: pending recipients are needed', async () => {
    const id = await emailDraft();
    await api('POST', `/api/campaigns/${id}/sequence/nodes`, { type: 'email', subject: 's', body: 'b' });
    const res = await api('POST', `/api/campaigns/${id}/launch`);
    expect(res.status).toBe(400);
    expect(res.json.error.message).toMatch(/no pending recipients/);
  });

  it('check 3: a sender must be attached', async () => {
    const id = await readyEmailCampaign(1);
    w.app.ctx.db.run(`DELETE FROM campaign_senders WHERE campaign_id = '${id}'` as never);
    const res = await api('POST', `/api/campaigns/${id}/launch`);
    expect(res.status).toBe(400);
    expect(res.json.error.message).toMatch(/no sender account/);
  });

  it('check 4: sendable nodes need content and resolvable placeholders', async () => {
    const id = await readyEmailCampaign(1);
    const nodes = (await api('GET', `/api/campaigns/${id}`)).json.sequence_nodes;
    await api('PUT', `/api/campaigns/${id}/sequence/nodes/${nodes[0].id}`, { body: 'Hi {{favourite_color}}' });
    const res = await api('POST', `/api/campaigns/${id}/launch`);
    expect(res.status).toBe(400);
    expect(res.json.error.message).toMatch(/\{\{favourite_color\}\}/);
    await api('PUT', `/api/campaigns/${id}/sequence/nodes/${nodes[0].id}`, { body: '' });
    expect((await api('POST', `/api/campaigns/${id}/launch`)).json.error.message).toMatch(/no content/);
  });

  it('check 5: email senders must be active with a sending inbox', async () => {
    const id = await readyEmailCampaign(1);
    w.app.ctx.db
      .update(senderAccounts)
      .set({ mailboxProviderInboxId: null })
      .where(eq(senderAccounts.id, w.demo.emailAccountId))
      .run();
    const res = await api('POST', `/api/campaigns/${id}/launch`);
    expect(res.status).toBe(400);
    expect(res.json.error.message).toMatch(/no sending inbox/);
  });

  it('check 6: a social-network sender must resolve through the sending backend', async () => {
    const id = (await api('POST', '/api/campaigns', { name: 'S', type: 'socialnet' })).json.campaign.id;
    await api('POST', `/api/campaigns/${id}/sequence/nodes`, { type: 'connection_request' });
    await api('POST', `/api/campaigns/${id}/leads`, { leads: [{ linkedin_url: 'linkedin.com/in/someone' }] });
    social().profiles.clear();
    const res = await api('POST', `/api/campaigns/${id}/launch`);
    expect(res.status).toBe(400);
    expect(res.json.error.message).toMatch(/does not resolve/);
  });

  it('moves draft to launching at once, sets stats.total, answers every documented field, then becomes active', async () => {
    const id = await readyEmailCampaign(3);
    const res = await api('POST', `/api/campaigns/${id}/launch`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ success: true, message: 'Campaign launch started', prospectsToProcess: 3 });
    expect(res.json.runId).toMatch(/\S/);
    expect(campaign(id)).toMatchObject({ status: 'launching', statTotal: 3 });
    await run();
    expect(campaign(id).status).toBe('active');
  });

  it('concurrent launches: exactly one wins, the others answer 409', async () => {
    const id = await readyEmailCampaign(2);
    const results = await Promise.all(Array.from({ length: 5 }, () => api('POST', `/api/campaigns/${id}/launch`)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(4);
  });

  it("social-network launches report each sender's remaining weekly capacity and skip unreachable recipients", async () => {
    const id = (await api('POST', '/api/campaigns', { name: 'S', type: 'socialnet' })).json.campaign.id;
    await api('POST', `/api/campaigns/${id}/sequence/nodes`, { type: 'connection_request' });
    await api('POST', `/api/campaigns/${id}/leads`, {
      leads: [{ linkedin_url: 'https://uk.linkedin.com/in/Someone/' }],
    });
    w.app.ctx.db
      .insert(leads)
      .values({
        id: crypto.randomUUID(),
        campaignId: id,
        customFields: {},
        status: 'pending',
        createdAt: 0,
        updatedAt: 0,
      })
      .run();
    const res = await api('POST', `/api/campaigns/${id}/launch`);
    expect(res.status).toBe(200);
    expect(res.json.prospectsToProcess).toBe(1);
    expect(res.json.skippedCount).toBe(1);
    expect(res.json.linkedinSenderSafety.senders[0]).toMatchObject({
      account_id: w.demo.socialnetAccountId,
      remaining_connections: 150,
    });
  });

  it('a failure of the background run restores the draft', async () => {
    const id = await readyEmailCampaign(1);
    await api('POST', `/api/campaigns/${id}/launch`);
    w.app.ctx.db
      .update(senderAccounts)
      .set({ status: 'error' })
      .where(eq(senderAccounts.id, w.demo.emailAccountId))
      .run();
    await run();
    expect(campaign(id).status).toBe('draft');
    expect(
      w.app.ctx.db
        .select()
        .from(leads)
        .where(eq(leads.campaignId, id))
        .all()
        .every((l) => l.status === 'pending'),
    ).toBe(true);
  });
});

describe('sending', () => {
  it('walks the sequence: sends, honours delays, completes, and counts each event once', async () => {
    const id = await readyEmailCampaign(2);
    await api('POST', `/api/campaigns/${id}/launch`);
    await run();
    await advance(5 * 60_000);
    expect(mail().sent.map((m) => m.subject)).toEqual(['Hi Lead0', 'Hi Lead1']);
    expect(mail().sent[0]?.text).toBe('Hello Lead0 at Acme');
    expect(campaign(id).statSent).toBe(2);
    await advance(47 * 3_600_000, 30 * 60_000);
    expect(mail().sent).toHaveLength(2);
    await advance(2 * 3_600_000, 60_000);
    expect(mail().sent).toHaveLength(4);
    await advance(10 * 60_000);
    const c = campaign(id);
    expect(c).toMatchObject({ status: 'completed', statSent: 4, statCompleted: 2 });
    expect(w.app.ctx.db.select().from(sends).where(eq(sends.campaignId, id)).all()).toHaveLength(4);
  });

  it('stays within the daily limit and spreads sends over time', async () => {
    const id = await readyEmailCampaign(6, { daily_limit: 3 });
    await api('POST', `/api/campaigns/${id}/launch`);
    await run();
    expect(mail().sent).toHaveLength(1);
    await advance(10 * 60_000);
    expect(mail().sent).toHaveLength(3);
    await advance(3 * 3_600_000);
    expect(mail().sent).toHaveLength(3);
  });

  it('sends only inside operating hours', async () => {
    // START is Monday 2026-11-16 09:00 UTC; the window opens Tuesday 08:00 in Paris (07:00 UTC).
    const id = await readyEmailCampaign(1, {
      operating_hours: { timezone: 'Europe/Paris', windows: [{ day: 'tue', start: '08:00', end: '18:00' }] },
    });
    await api('POST', `/api/campaigns/${id}/launch`);
    await run();
    await advance(21 * 3_600_000, 30 * 60_000);
    expect(mail().sent).toHaveLength(0);
    await advance(2 * 3_600_000, 30 * 60_000);
    expect(mail().sent).toHaveLength(1);
  });

  it('changing operating_hours on an active campaign wakes sleeping recipients at once', async () => {
    const id = await readyEmailCampaign(1, {
      operating_hours: { timezone: 'UTC', windows: [{ day: 'sun', start: '09:00', end: '10:00' }] },
    });
    await api('POST', `/api/campaigns/${id}/launch`);
    await run();
    expect(mail().sent).toHaveLength(0);
    await api('PATCH', `/api/campaigns/${id}`, {
      operating_hours: { timezone: 'UTC', windows: [{ day: 'mon', start: '00:00', end: '24:00' }] },
    });
    await run();
    expect(mail().sent).toHaveLength(1);
  });

  it('pause halts sending; resume continues from where each recipient was', async () => {
    const id = await readyEmailCampaign(3, { daily_limit: 100 });
    await api('POST', `/api/campaigns/${id}/launch`);
    await run();
    expect(mail().sent).toHaveLength(1);
    const paused = await api('POST', `/api/campaigns/${id}/pause`);
    expect(paused.json.campaign.status).toBe('paused');
    await advance(30 * 60_000);
    expect(mail().sent).toHaveLength(1);
    expect((await api('POST', `/api/campaigns/${id}/pause`)).status).toBe(409);
    const resumed = await api('POST', `/api/campaigns/${id}/resume`);
    expect(resumed.json.campaign.status).toBe('active');
    await advance(5 * 60_000);
    expect(
      mail()
        .sent.map((m) => m.to[0])
        .sort(),
    ).toEqual(['lead0@example.com', 'lead1@example.com', 'lead2@example.com']);
    expect(campaign(id).statSent).toBe(3);
  });

  it('a bounce ends the recipient and is counted', async () => {
    const id = await emailDraft();
    await api('POST', `/api/campaigns/${id}/sequence/nodes`, { type: 'email', subject: 's', body: 'b' });
    await api('POST', `/api/campaigns/${id}/leads`, { leads: [{ email: 'gone@bounce.test' }] });
    await api('POST', `/api/campaigns/${id}/launch`);
    await run();
    await advance(2 * 60_000);
    expect(campaign(id)).toMatchObject({ statBounced: 1, statSent: 1, status: 'completed' });
  });

  it('social network: connection request, then a message once connected; an ignored request times out', async () => {
    const id = (await api('POST', '/api/campaigns', { name: 'S', type: 'socialnet' })).json.campaign.id;
    await api('POST', `/api/campaigns/${id}/sequence/nodes`, { type: 'connection_request' });
    await api('POST', `/api/campaigns/${id}/sequence/nodes`, {
      type: 'message',
      body: 'Thanks for connecting, {{first_name}}',
    });
    await api('POST', `/api/campaigns/${id}/leads`, {
      leads: [
        { linkedin_url: 'linkedin.com/in/yes-person', first_name: 'Yes' },
        { linkedin_url: 'linkedin.com/in/ignore-me', first_name: 'No' },
      ],
    });
    await api('POST', `/api/campaigns/${id}/launch`);
    await run();
    await advance(10 * 60_000);
    expect(
      social()
        .sent.map((s) => s.kind)
        .sort(),
    ).toEqual(['connection_request', 'connection_request', 'message']);
    expect(social().sent.find((s) => s.kind === 'message')?.text).toBe('Thanks for connecting, Yes');
    expect(social().sent.find((s) => s.kind === 'message')?.profileUrl).toBe('https://www.linkedin.com/in/yes-person');
    await advance(15 * 86_400_000, 6 * 3_600_000);
    expect(campaign(id)).toMatchObject({
      statConnectionSent: 2,
      statConnected: 1,
      statMessageSent: 1,
      statTimedOut: 1,
      statCompleted: 1,
      status: 'completed',
    });
  });
});

describe('replies', () => {
  const inbound = async (payload: Record<string, unknown>) => {
    const { hmacSha256Hex } = await import('../src/lib/crypto.js');
    const body = JSON.stringify(payload);
    return w.app.request('/api/inbound/email', {
      method: 'POST',
      body,
      headers: { 'x-provider-signature': await hmacSha256Hex(w.app.ctx.config.providerSecret, body) },
    });
  };

  it("with stop_on_reply, a reply ends the recipient's sequence and is counted once", async () => {
    const id = await readyEmailCampaign(1);
    await api('POST', `/api/campaigns/${id}/launch`);
    await run();
    expect(mail().sent).toHaveLength(1);
    const res = await inbound({
      from: 'lead0@example.com',
      to: ['sender@outbound.local'],
      text: 'Not now',
      in_reply_to: mail().sent[0]!.messageId,
    });
    expect(await res.json()).toMatchObject({ ok: true, matched_campaign: true });
    await inbound({
      from: 'lead0@example.com',
      to: ['sender@outbound.local'],
      text: 'Really',
      in_reply_to: mail().sent[0]!.messageId,
    });
    await advance(3 * 86_400_000, 3_600_000);
    expect(mail().sent).toHaveLength(1);
    expect(campaign(id)).toMatchObject({ statReplied: 1, status: 'completed' });
  });

  it('without stop_on_reply, the sequence goes on and the reply is still counted', async () => {
    const id = await readyEmailCampaign(1, { stop_on_reply: false });
    await api('POST', `/api/campaigns/${id}/launch`);
    await run();
    await inbound({
      from: 'lead0@example.com',
      to: ['sender@outbound.local'],
      text: 'Hi',
      in_reply_to: mail().sent[0]!.messageId,
    });
    await advance(3 * 86_400_000, 3_600_000);
    expect(mail().sent).toHaveLength(2);
    expect(campaign(id).statReplied).toBe(1);
  });

  it('an unsigned notification is refused', async () => {
    const res = await w.app.request('/api/inbound/email', { method: 'POST', body: '{}' });
    expect(res.status).toBe(401);
  });
});

describe('personalization', () => {
  it('custom fields resolve only when every pending recipient has them', async () => {
    const id = await emailDraft();
    await api('POST', `/api/campaigns/${id}/sequence/nodes`, {
      type: 'email',
      subject: 'Hi',
      body: 'About {{project}}',
    });
    await api('POST', `/api/campaigns/${id}/leads`, {
      leads: [
        { email: 'a@example.com', custom_fields: { project: 'Apollo' } },
        { email: 'b@example.com', custom_fields: {} },
      ],
    });
    const blocked = await api('POST', `/api/campaigns/${id}/launch`);
    expect(blocked.status).toBe(400);
    expect(blocked.json.error.message).toMatch(/\{\{project\}\}/);
    w.app.ctx.db
      .update(leads)
      .set({ customFields: { project: 'Gemini' } })
      .where(eq(leads.email, 'b@example.com'))
      .run();
    expect((await api('POST', `/api/campaigns/${id}/launch`)).status).toBe(200);
    await run();
    expect(
      mail()
        .sent.map((m) => m.text)
        .sort(),
    ).toEqual(['About Apollo']);
    await advance(2 * 60_000);
    expect(
      mail()
        .sent.map((m) => m.text)
        .sort(),
    ).toEqual(['About Apollo', 'About Gemini']);
  });
});

describe('PATCH status table: the remaining cells', () => {
  async function inStatus(status: 'active' | 'paused') {
    const id = await readyEmailCampaign(1);
    await api('POST', `/api/campaigns/${id}/launch`);
    await run();
    if (status === 'paused') await api('POST', `/api/campaigns/${id}/pause`);
    return id;
  }
  const hours = { timezone: 'Asia/Tokyo', windows: [{ day: 'fri', start: '10:00', end: '11:00' }] };

  for (const status of ['active', 'paused'] as const) {
    it(`${status}: operating_hours is applied`, async () => {
      const id = await inStatus(status);
      await api('PATCH', `/api/campaigns/${id}`, { operating_hours: hours });
      expect(campaign(id).operatingHours).toEqual(hours);
    });
    it(`${status}: account_limits is applied`, async () => {
      const id = await inStatus(status);
      await api('PATCH', `/api/campaigns/${id}`, {
        account_limits: [{ account_id: w.demo.emailAccountId, daily_limit: 9 }],
      });
      expect(campaign(id).accountLimits).toEqual([{ account_id: w.demo.emailAccountId, daily_limit: 9 }]);
    });
  }

  it('draft: sender_account_ids is applied', async () => {
    const { createEmailAccount } = await import('../src/domain/sender-accounts.js');
    const second = createEmailAccount(w.app.ctx, w.demo.userId, { email: 'second@outbound.local', provider: 'google' });
    const id = await emailDraft();
    const res = await api('PATCH', `/api/campaigns/${id}`, { sender_account_ids: [second.id] });
    expect(res.json.campaign.sender_accounts.map((s: { id: string }) => s.id)).toEqual([second.id]);
  });

  it('social network: skip_other_campaigns is applied on a draft and ignored once active', async () => {
    const id = (await api('POST', '/api/campaigns', { name: 'S', type: 'socialnet' })).json.campaign.id;
    await api('PATCH', `/api/campaigns/${id}`, { skip_other_campaigns: true });
    expect(campaign(id).skipOtherCampaigns).toBe(true);
    await api('POST', `/api/campaigns/${id}/sequence/nodes`, { type: 'connection_request' });
    await api('POST', `/api/campaigns/${id}/leads`, { leads: [{ linkedin_url: 'linkedin.com/in/x' }] });
    await api('POST', `/api/campaigns/${id}/launch`);
    await run();
    await api('PATCH', `/api/campaigns/${id}`, { skip_other_campaigns: false });
    expect(campaign(id).skipOtherCampaigns).toBe(true);
  });
});

describe('limits while sending', () => {
  it('a per-sender account_limits cap holds even when the campaign allows more', async () => {
    const id = await readyEmailCampaign(5, { daily_limit: 100 });
    await api('PATCH', `/api/campaigns/${id}`, {
      account_limits: [{ account_id: w.demo.emailAccountId, daily_limit: 2 }],
    });
    await api('POST', `/api/campaigns/${id}/launch`);
    await run();
    await advance(60 * 60_000);
    expect(mail().sent).toHaveLength(2);
  });

  it('the weekly connection limit of a social-network sender holds', async () => {
    w.app.ctx.db
      .update(senderAccounts)
      .set({ weeklyConnectionLimit: 2 })
      .where(eq(senderAccounts.id, w.demo.socialnetAccountId))
      .run();
    const id = (await api('POST', '/api/campaigns', { name: 'S', type: 'socialnet' })).json.campaign.id;
    await api('POST', `/api/campaigns/${id}/sequence/nodes`, { type: 'connection_request' });
    await api('POST', `/api/campaigns/${id}/leads`, {
      leads: Array.from({ length: 4 }, (_, i) => ({ linkedin_url: `linkedin.com/in/person-${i}` })),
    });
    await api('POST', `/api/campaigns/${id}/launch`);
    await run();
    await advance(3 * 3_600_000, 10 * 60_000);
    expect(social().sent.filter((s) => s.kind === 'connection_request')).toHaveLength(2);
  });
});

describe('launch failure', () => {
  it('a failure inside the launch call rolls every write back, keeps the draft and answers 500', async () => {
    const id = await readyEmailCampaign(2);
    const enqueue = w.app.ctx.runner.enqueue.bind(w.app.ctx.runner);
    w.app.ctx.runner.enqueue = () => {
      throw new Error('queue unavailable');
    };
    const res = await api('POST', `/api/campaigns/${id}/launch`);
    w.app.ctx.runner.enqueue = enqueue;
    expect(res.status).toBe(500);
    expectStructured(res, 'internal_error');
    expect(campaign(id)).toMatchObject({ status: 'draft', statTotal: 0, launchRunId: null });
    expect((await api('POST', `/api/campaigns/${id}/launch`)).status).toBe(200);
  });
});

describe('sequence read-back', () => {
  it('answers {mutated: true, node_id} when the mutation was written but reading the sequence back failed', async () => {
    const id = await emailDraft();
    const db = w.app.ctx.db as unknown as { select: (...a: unknown[]) => { from: (t: unknown) => unknown } };
    const original = db.select.bind(db);
    db.select = (...args: unknown[]) => {
      const query = original(...args);
      const from = query.from.bind(query);
      query.from = (table: unknown) => {
        if (table === sequenceNodes) throw new Error('read failed');
        return from(table);
      };
      return query;
    };
    const res = await api('POST', `/api/campaigns/${id}/sequence/nodes`, { type: 'email', subject: 's', body: 'b' });
    db.select = original;
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ mutated: true, node_id: expect.any(String) });
    const stored = w.app.ctx.db.select().from(sequenceNodes).where(eq(sequenceNodes.id, res.json.node_id)).get();
    expect(stored).toMatchObject({ type: 'email', position: 0 });
  });
});
