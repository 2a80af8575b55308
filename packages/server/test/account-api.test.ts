// Credits, lists, workflows and onboarding.
import { afterEach, describe, expect, it } from 'vitest';
import { requireCredits } from '../src/domain/credits.js';
import { BillingUnavailableError } from '../src/providers/billing.js';
import { call, expectFlat, expectStructured, type TestWorld, world } from './helpers.js';

let w: TestWorld;
afterEach(() => w?.close());

describe('credits', () => {
  it('GET /api/credits/config lists a per-unit price for every billable action', async () => {
    w = await world();
    const res = await call(w.app, 'GET', '/api/credits/config', { key: w.demo.apiKey });
    expect(res.status).toBe(200);
    expect(res.json.prices).toHaveLength(17);
    expect(res.json.prices).toContainEqual({ action: 'DEEP_RESEARCH', credits_per_unit: 25 });
    expect(res.json.dollars_per_credit).toBe(0.05);
  });

  it('POST /api/credits/preview prices the action: totalCredits = costPerUnit x count, dollars about x0.05', async () => {
    w = await world();
    const res = await call(w.app, 'POST', '/api/credits/preview', {
      key: w.demo.apiKey,
      body: { action: 'EMAIL_LOOKUP', count: 7 },
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      action: 'EMAIL_LOOKUP',
      count: 7,
      costPerUnit: 2,
      totalCredits: 14,
      totalDollars: 0.7,
      sufficient: true,
      balance: 5000,
    });
  });

  it('sufficient is false when the balance does not cover the total', async () => {
    w = await world();
    const res = await call(w.app, 'POST', '/api/credits/preview', {
      key: w.demo.apiKey,
      body: { action: 'DEEP_RESEARCH', count: 201 },
    });
    expect(res.json.totalCredits).toBe(5025);
    expect(res.json.sufficient).toBe(false);
  });

  it('deducts nothing and changes no state', async () => {
    w = await world();
    for (let i = 0; i < 3; i++) {
      await call(w.app, 'POST', '/api/credits/preview', {
        key: w.demo.apiKey,
        body: { action: 'DEEP_RESEARCH', count: 10 },
      });
    }
    const res = await call(w.app, 'POST', '/api/credits/preview', {
      key: w.demo.apiKey,
      body: { action: 'FIND_PERSON', count: 1 },
    });
    expect(res.json.balance).toBe(5000);
  });

  it('accepts the largest count and stays an integer', async () => {
    w = await world();
    const res = await call(w.app, 'POST', '/api/credits/preview', {
      key: w.demo.apiKey,
      body: { action: 'PHONE_LOOKUP', count: 9007199254740991 },
    });
    expect(res.status).toBe(200);
    expect(Number.isInteger(res.json.totalCredits)).toBe(true);
    expect(res.json.sufficient).toBe(false);
  });

  it('a billing provider outage gives balance null and sufficient true', async () => {
    w = await world({
      providers: {
        billing: {
          planState: async () => 'active',
          balance: async () => {
            throw new BillingUnavailableError('billing down');
          },
        },
      },
    });
    const res = await call(w.app, 'POST', '/api/credits/preview', {
      key: w.demo.apiKey,
      body: { action: 'DEEP_RESEARCH', count: 1000 },
    });
    expect(res.status).toBe(200);
    expect(res.json.balance).toBeNull();
    expect(res.json.sufficient).toBe(true);
  });

  it('a credit-gated operation answers 402 when credits are insufficient', async () => {
    w = await world();
    await expect(requireCredits(w.app.ctx, { userId: w.demo.userId }, 'DEEP_RESEARCH', 1000)).rejects.toMatchObject({
      status: 402,
      options: { reason: 'insufficient_credits' },
    });
    await expect(requireCredits(w.app.ctx, { userId: w.demo.userId }, 'DEEP_RESEARCH', 1)).resolves.toBe(25);
  });
});

describe('lists and column preferences', () => {
  it("GET lists every column with the caller's isHidden; PUT upserts and overwrites", async () => {
    w = await world();
    const prefs = await call(w.app, 'GET', `/api/lists/${w.demo.listId}/column-preferences`, { key: w.demo.apiKey });
    expect(prefs.status).toBe(200);
    expect(prefs.json.preferences).toHaveLength(4);
    expect(prefs.json.preferences.every((p: { isHidden: boolean }) => p.isHidden === false)).toBe(true);
    const columnId = prefs.json.preferences[1].columnId;
    const put = await call(w.app, 'PUT', `/api/lists/${w.demo.listId}/column-preferences`, {
      key: w.demo.apiKey,
      body: { columnId, isHidden: true },
    });
    expect(put.status).toBe(200);
    expect(put.json).toEqual({ success: true });
    const after = await call(w.app, 'GET', `/api/lists/${w.demo.listId}/column-preferences`, { key: w.demo.apiKey });
    expect(after.json.preferences[1]).toEqual({ columnId, isHidden: true });
    await call(w.app, 'PUT', `/api/lists/${w.demo.listId}/column-preferences`, {
      key: w.demo.apiKey,
      body: { columnId, isHidden: false },
    });
    const again = await call(w.app, 'GET', `/api/lists/${w.demo.listId}/column-preferences`, { key: w.demo.apiKey });
    expect(again.json.preferences[1]).toEqual({ columnId, isHidden: false });
  });

  it('the column must exist on the list', async () => {
    w = await world();
    const res = await call(w.app, 'PUT', `/api/lists/${w.demo.listId}/column-preferences`, {
      key: w.demo.apiKey,
      body: { columnId: crypto.randomUUID(), isHidden: true },
    });
    expect(res.status).toBe(404);
    expect(res.json.error.field).toBe('columnId');
  });

  it('columnId and isHidden are required', async () => {
    w = await world();
    const res = await call(w.app, 'PUT', `/api/lists/${w.demo.listId}/column-preferences`, {
      key: w.demo.apiKey,
      body: { isHidden: true },
    });
    expect(res.status).toBe(400);
    expect(res.json.error.field).toBe('columnId');
  });

  it('a preference is per user: hiding affects only the caller', async () => {
    w = await world();
    const { prefs } = await import('./helpers-prefs.js').then((m) => m.sharedListScenario(w));
    expect(prefs.caller).toBe(true);
    expect(prefs.otherUser).toBe(false);
  });

  it('PATCH a column renames it', async () => {
    w = await world();
    const prefs = await call(w.app, 'GET', `/api/lists/${w.demo.listId}/column-preferences`, { key: w.demo.apiKey });
    const colId = prefs.json.preferences[0].columnId;
    const res = await call(w.app, 'PATCH', `/api/lists/${w.demo.listId}/columns/${colId}`, {
      key: w.demo.apiKey,
      body: { name: 'Account' },
    });
    expect(res.status).toBe(200);
    expect(res.json.column).toMatchObject({ id: colId, name: 'Account' });
    const empty = await call(w.app, 'PATCH', `/api/lists/${w.demo.listId}/columns/${colId}`, {
      key: w.demo.apiKey,
      body: {},
    });
    expect(empty.status).toBe(400);
  });
});

describe('workflows', () => {
  it('GET /api/workflows/{id}/nodes answers nodes and edges', async () => {
    w = await world();
    const res = await call(w.app, 'GET', `/api/workflows/${w.demo.workflowId}/nodes`, { key: w.demo.apiKey });
    expect(res.status).toBe(200);
    expect(res.json.nodes.map((n: { label: string }) => n.label)).toEqual([
      'New hiring signal',
      'Deep research',
      'Add to campaign',
    ]);
    expect(res.json.edges).toHaveLength(2);
    expect(res.json.edges[0].source_node_id).toBe(res.json.nodes[0].id);
    expect(res.json.edges[1].condition).toEqual({ icp_score_gte: 70 });
  });

  it('an empty workflow still answers both arrays', async () => {
    w = await world();
    const created = await call(w.app, 'POST', '/api/workflows', { key: w.demo.apiKey, body: { name: 'Empty' } });
    expect(created.status).toBe(201);
    const res = await call(w.app, 'GET', `/api/workflows/${created.json.workflow.id}/nodes`, { key: w.demo.apiKey });
    expect(res.json).toEqual({ nodes: [], edges: [] });
  });

  it('an edge naming an unknown node ref is refused', async () => {
    w = await world();
    const res = await call(w.app, 'POST', '/api/workflows', {
      key: w.demo.apiKey,
      body: { name: 'Bad', nodes: [{ ref: 'a', type: 'trigger' }], edges: [{ source: 'a', target: 'b' }] },
    });
    expect(res.status).toBe(400);
    expect(res.json.error.field).toBe('edges.0.target');
  });

  it('a workflow of another account answers 404', async () => {
    w = await world();
    const res = await call(w.app, 'GET', `/api/workflows/${w.demo.workflowId}/nodes`, { key: w.other.apiKey });
    expect(res.status).toBe(404);
  });
});

describe('POST /api/onboarding/complete', () => {
  const confirm = (t: TestWorld, confirmed = true) =>
    call(t.app, 'PUT', '/api/onboarding/context', { key: t.demo.apiKey, body: { company_name: 'Acme', confirmed } });
  const complete = (t: TestWorld, body: unknown = {}) =>
    call(t.app, 'POST', '/api/onboarding/complete', { key: t.demo.apiKey, body });

  it('200: with a confirmed context and an active plan, onboarding completes', async () => {
    w = await world();
    await confirm(w);
    const res = await complete(w);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ onboardingCompleted: true, destination: '/lead-finder', warmedInboxesAllocated: 1 });
    const account = await call(w.app, 'GET', '/api/account', { key: w.demo.apiKey });
    expect(account.json.account.onboarding_completed).toBe(true);
  });

  it('400: additional properties are rejected, flat body', async () => {
    w = await world();
    await confirm(w);
    const res = await complete(w, { skip: true });
    expect(res.status).toBe(400);
    expectFlat(res);
    expect(res.json.error).toMatch(/skip/);
  });

  it('401: unauthorized, flat body', async () => {
    w = await world();
    const res = await call(w.app, 'POST', '/api/onboarding/complete', { body: {} });
    expect(res.status).toBe(401);
    expectFlat(res);
  });

  it('402: an active plan is required', async () => {
    w = await world({ providers: { billing: { planState: async () => 'none', balance: async () => 0 } } });
    await confirm(w);
    const res = await complete(w);
    expect(res.status).toBe(402);
    expectFlat(res);
  });

  it('404: without an onboarding session', async () => {
    w = await world();
    const res = await complete(w);
    expect(res.status).toBe(404);
    expectFlat(res);
  });

  it('409: the context is not confirmed', async () => {
    w = await world();
    await confirm(w, false);
    const res = await complete(w);
    expect(res.status).toBe(409);
    expectFlat(res);
    expect(res.json.error).toMatch(/not confirmed/);
  });

  it('409: the context was superseded while completing', async () => {
    let t!: TestWorld;
    t = await world({
      providers: {
        billing: {
          planState: async () => {
            await confirm(t);
            return 'active';
          },
          balance: async () => 0,
        },
      },
    });
    w = t;
    await confirm(w);
    const res = await complete(w);
    expect(res.status).toBe(409);
    expect(res.json.error).toMatch(/superseded/);
    const account = await call(w.app, 'GET', '/api/account', { key: w.demo.apiKey });
    expect(account.json.account.onboarding_completed).toBe(false);
  });

  it('500: a server error, flat body', async () => {
    w = await world({
      providers: {
        billing: {
          planState: async () => {
            throw new Error('boom');
          },
          balance: async () => 0,
        },
      },
    });
    await confirm(w);
    const res = await complete(w);
    expect(res.status).toBe(500);
    expectFlat(res);
  });

  it('503: plan verification temporarily unavailable', async () => {
    w = await world({
      providers: {
        billing: {
          planState: async () => {
            throw new BillingUnavailableError('down');
          },
          balance: async () => 0,
        },
      },
    });
    await confirm(w);
    const res = await complete(w);
    expect(res.status).toBe(503);
    expectFlat(res);
    expect(res.headers.get('retry-after')).toBe('30');
  });

  it('the confirmation step does not create a search', async () => {
    w = await world();
    await confirm(w);
    const res = await complete(w);
    expect(Object.keys(res.json).sort()).toEqual(['destination', 'onboardingCompleted', 'warmedInboxesAllocated']);
  });

  it('framework-level errors elsewhere stay structured', async () => {
    w = await world();
    expectStructured(await call(w.app, 'GET', '/api/account'), 'unauthorized');
  });
});
