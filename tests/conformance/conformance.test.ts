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
