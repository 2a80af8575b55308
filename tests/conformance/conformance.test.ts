// The conformance suite: the same scenarios against every target. Set OUTBOUND_BASE_URL,
// OUTBOUND_API_KEY and OUTBOUND_PARTNER_KEY to add a deployment of your own as a third target.
import { type Operation, type OperationId, operationList } from '@outbound/schema';
import { Outbound } from '@outbound/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Ctx, conforms, errorConforms, PENDING, SUCCESS } from './scenarios.js';
import { mockTarget, remoteTarget, serverTarget, type Target } from './targets.js';

const ops = operationList as Operation[];
const uuid = () => crypto.randomUUID();
const fill = (path: string, value: () => string) => path.replace(/\{\w+\}/g, () => value());

/** A valid body for operations whose 404 is probed (the body must pass validation first). */
const VALID_BODY: Partial<Record<OperationId, unknown>> = {
  putColumnPreference: { columnId: '00000000-0000-4000-8000-000000000000', isHidden: true },
  updateListColumn: { name: 'x' },
  signalFeedback: { rating: 'up' },
  updateCampaign: { name: 'x' },
  addCampaignLeads: { leads: [{ email: 'x@example.com' }] },
  addSequenceNode: { type: 'email' },
  updateSequenceNode: { body: 'x' },
  moveSequenceNode: { position: 0 },
  sendThreadMessage: { body_text: 'x' },
  updatePost: { title: 'x' },
};

// The mock runs first: MSW's interception of fetch starts with it and ends when it closes.
const factories: Array<[string, () => Promise<Target> | Target | undefined]> = [
  ['mock', mockTarget],
  ['server', serverTarget],
];
const remote = remoteTarget();
if (remote) factories.push(['remote', () => remote]);

it('every operation of the registry has a conformance scenario or is listed as not yet built', () => {
  const covered = new Set<string>([...SUCCESS.map((s) => s.operationId), ...PENDING]);
  const missing = ops.map((o) => o.operationId).filter((id) => !covered.has(id));
  expect(missing).toEqual([]);
  for (const id of PENDING)
    expect(
      SUCCESS.some((s) => s.operationId === id),
      `${id} is pending and covered`,
    ).toBe(false);
});

for (const [name, make] of factories) {
  describe(`conformance: ${name}`, () => {
    let ctx: Ctx;
    let passed = 0;
    beforeAll(async () => {
      const target = (await make())!;
      const client = new Outbound({
        apiKey: target.apiKey,
        partnerKey: target.partnerKey,
        baseUrl: target.baseUrl,
        maxRetries: 0,
      });
      ctx = {
        target,
        client,
        partner: client,
        saved: {},
        raw: async (method, path, init = {}) => {
          const headers: Record<string, string> = { ...(init.headers ?? {}) };
          if (init.key) headers.authorization = `Bearer ${init.key}`;
          if (init.body !== undefined) headers['content-type'] = 'application/json';
          const res = await fetch(`${target.baseUrl}${path}`, { method, headers, body: init.body });
          const text = await res.text();
          return { status: res.status, body: text ? JSON.parse(text) : undefined };
        },
      };
    });
    afterAll(async () => {
      console.log(`conformance ${name}: ${passed} scenarios passed`);
      await ctx?.target.close();
    });
    const scenario = (title: string, fn: () => Promise<void>) =>
      it(title, async () => {
        await fn();
        passed++;
      });

    for (const op of ops) {
      const method = op.method.toUpperCase();
      const keyOf = () => (op.auth === 'partnerKey' ? ctx.target.partnerKey : ctx.target.apiKey);
      if (op.auth !== 'none') {
        scenario(`${op.operationId}: 401 without credentials`, async () => {
          const res = await ctx.raw(method, fill(op.path, uuid), method === 'GET' ? {} : { body: '{}' });
          expect(res.status).toBe(401);
          errorConforms(op.operationId as OperationId, 401, res.body);
        });
      }
      if (PENDING.includes(op.operationId as OperationId)) {
        scenario(`${op.operationId}: answers 501 until it is built`, async () => {
          const res = await ctx.raw(method, fill(op.path, uuid), {
            key: keyOf(),
            ...(method === 'GET' ? {} : { body: '{}' }),
          });
          expect(res.status).toBe(501);
        });
        continue;
      }
      if (op.auth === 'session') continue;
      if (op.params) {
        scenario(`${op.operationId}: 400 for a malformed id`, async () => {
          const body = VALID_BODY[op.operationId as OperationId];
          const res = await ctx.raw(
            method,
            fill(op.path, () => 'not-a-uuid'),
            {
              key: keyOf(),
              ...(op.body ? { body: JSON.stringify(body ?? {}) } : {}),
            },
          );
          expect(res.status).toBe(400);
          errorConforms(op.operationId as OperationId, 400, res.body);
        });
        scenario(`${op.operationId}: 404 for a resource that does not exist`, async () => {
          const body = VALID_BODY[op.operationId as OperationId];
          const res = await ctx.raw(method, fill(op.path, uuid), {
            key: keyOf(),
            ...(op.body ? { body: JSON.stringify(body ?? {}) } : {}),
          });
          expect(res.status).toBe(404);
          errorConforms(op.operationId as OperationId, 404, res.body);
        });
      }
      if (op.body && !op.params) {
        scenario(`${op.operationId}: 400 for a body that is not an object`, async () => {
          const res = await ctx.raw(method, op.path, { key: keyOf(), body: '[1, 2]' });
          expect(res.status).toBe(400);
          errorConforms(op.operationId as OperationId, 400, res.body);
        });
      }
    }

    scenario('listAccounts: 400 for an unknown type', async () => {
      const res = await ctx.raw('GET', '/api/accounts?type=fax', { key: ctx.target.apiKey });
      expect(res.status).toBe(400);
      errorConforms('listAccounts', 400, res.body);
    });
    scenario('listSignals: 400 for days out of range', async () => {
      const res = await ctx.raw('GET', '/api/signals/feed?days=366', { key: ctx.target.apiKey });
      expect(res.status).toBe(400);
      errorConforms('listSignals', 400, res.body);
    });
    scenario('completeOnboarding: 404 without an onboarding context, flat body', async () => {
      const res = await ctx.raw('POST', '/api/onboarding/complete', { key: ctx.target.apiKey, body: '{}' });
      expect(res.status).toBe(404);
      errorConforms('completeOnboarding', 404, res.body);
    });
    scenario('completeOnboarding: 400 for an additional property, flat body', async () => {
      const res = await ctx.raw('POST', '/api/onboarding/complete', { key: ctx.target.apiKey, body: '{"x":1}' });
      expect(res.status).toBe(400);
      errorConforms('completeOnboarding', 400, res.body);
    });
    scenario('user keys get 401 on partner routes and partner keys on user routes', async () => {
      expect((await ctx.raw('GET', '/api/v1/partners/portal', { key: ctx.target.apiKey })).status).toBe(401);
      expect((await ctx.raw('GET', '/api/account', { key: ctx.target.partnerKey })).status).toBe(401);
    });

    scenario('launchCampaign: 400 names the blocker of a draft that is not ready', async () => {
      const { campaign } = await ctx.client.campaigns.create({ name: 'Not ready', type: 'email' });
      const res = await ctx.raw('POST', `/api/campaigns/${campaign.id}/launch`, { key: ctx.target.apiKey });
      expect(res.status).toBe(400);
      errorConforms('launchCampaign', 400, res.body);
      expect(JSON.stringify(res.body)).toMatch(/pending recipients/);
    });
    scenario('pauseCampaign: 409 for a campaign that is not active', async () => {
      const { campaign } = await ctx.client.campaigns.create({ name: 'Draft', type: 'email' });
      const res = await ctx.raw('POST', `/api/campaigns/${campaign.id}/pause`, { key: ctx.target.apiKey });
      expect(res.status).toBe(409);
      errorConforms('pauseCampaign', 409, res.body);
    });
    scenario("updateCampaign: 422 for a sender that is not the caller's, flat body", async () => {
      const { campaign } = await ctx.client.campaigns.create({ name: 'Draft', type: 'email' });
      const res = await ctx.raw('PATCH', `/api/campaigns/${campaign.id}`, {
        key: ctx.target.apiKey,
        body: JSON.stringify({ sender_account_ids: ['00000000-0000-4000-8000-000000000000'] }),
      });
      expect(res.status).toBe(422);
      errorConforms('updateCampaign', 422, res.body);
    });
    scenario('sendThreadMessage: 403 for attachments with an API key, 422 without a ready sender', async () => {
      const { thread } = await ctx.client.threads.create({
        channel: 'email',
        recipient_email: 'x@example.com',
        subject: 's',
      });
      const attachments = await ctx.raw('POST', `/api/threads/${thread.id}/messages`, {
        key: ctx.target.apiKey,
        body: JSON.stringify({ body_text: 'x', attachments: [] }),
      });
      expect(attachments.status).toBe(403);
      errorConforms('sendThreadMessage', 403, attachments.body);
      const { accounts } = await ctx.client.accounts.list({ type: 'socialnet' });
      const wrong = await ctx.raw('POST', `/api/threads/${thread.id}/messages`, {
        key: ctx.target.apiKey,
        body: JSON.stringify({ body_text: 'x', account_id: accounts[0]!.id }),
      });
      expect(wrong.status).toBe(422);
      errorConforms('sendThreadMessage', 422, wrong.body);
    });
    scenario('addSequenceNode: 409 once the campaign is not a draft', async () => {
      const { campaign } = await ctx.client.campaigns.create({ name: 'Gate', type: 'email' });
      await ctx.client.campaigns.sequence.nodes.add(campaign.id, { type: 'email', subject: 's', body: 'b' });
      await ctx.client.campaigns.leads.add(campaign.id, { leads: [{ email: 'gate@example.com' }] });
      await ctx.client.campaigns.launch(campaign.id);
      const res = await ctx.raw('POST', `/api/campaigns/${campaign.id}/sequence/nodes`, {
        key: ctx.target.apiKey,
        body: JSON.stringify({ type: 'email' }),
      });
      expect(res.status).toBe(409);
      errorConforms('addSequenceNode', 409, res.body);
    });

    for (const s of SUCCESS) {
      scenario(`${s.operationId}: ${s.name}`, () => s.run(ctx));
      if (s.operationId === 'createSession') {
        scenario('createApiKey: 409 while a key is active', async () => {
          const e = await ctx.client.apiKeys.create().catch((x: unknown) => x);
          expect((e as { status?: number }).status).toBe(409);
          errorConforms('createApiKey', 409, (e as { body: unknown }).body);
        });
        scenario('revokeApiKey: 403 without the CSRF token', async () => {
          const e = await ctx.client.apiKeys.revoke({ headers: { 'x-csrf-token': 'forged' } }).catch((x: unknown) => x);
          expect((e as { status?: number }).status).toBe(403);
          errorConforms('revokeApiKey', 403, (e as { body: unknown }).body);
        });
      }
    }
    scenario('the revoked key gets 401 and the new one works', async () => {
      expect((await ctx.raw('GET', '/api/account', { key: ctx.target.apiKey })).status).toBe(401);
      const res = await ctx.raw('GET', '/api/account', { key: ctx.saved.newKey! });
      expect(res.status).toBe(200);
      conforms('getAccount', res.body);
    });
  });
}
