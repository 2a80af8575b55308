import { describe, expect, it } from 'vitest';
import { type Operation, operationList, operations } from '../src/index.js';

const list = operationList as Operation[];

/** The spec's Index, with the statuses the spec lists for each operation. */
const SPEC_INDEX: Array<[method: string, path: string, statuses: number[]]> = [
  ['post', '/api/onboarding/complete', [200, 400, 401, 402, 404, 409, 500, 503]],
  ['get', '/api/accounts', [200]],
  ['post', '/api/threads/{id}/messages', [400, 403, 404, 422, 429, 500, 502]],
  ['patch', '/api/campaigns/{id}', [200]],
  ['post', '/api/campaigns/{id}/launch', [200, 400, 409, 500]],
  ['post', '/api/campaigns/{id}/sequence/nodes', []],
  ['post', '/api/credits/preview', [200]],
  ['put', '/api/lists/{id}/column-preferences', [200]],
  ['post', '/api/v1/research', [200, 202, 400, 401]],
  ['post', '/api/calendar/posts', []],
  ['post', '/api/extconn/connect', [200]],
  ['get', '/api/workflows/{id}/nodes', [200, 404]],
  ['get', '/api/v1/partners/portal', [200]],
];

/** Operations the spec names outside its Index, at the paths design.md fixes. */
const REFERENCED: Array<[string, string]> = [
  ['post', '/api/campaigns'],
  ['get', '/api/campaigns/{id}'],
  ['get', '/api/campaigns/{id}/leads'],
  ['post', '/api/campaigns/{id}/pause'],
  ['post', '/api/campaigns/{id}/resume'],
  ['put', '/api/campaigns/{id}/sequence/nodes/{nodeId}'],
  ['delete', '/api/campaigns/{id}/sequence/nodes/{nodeId}'],
  ['post', '/api/campaigns/{id}/sequence/nodes/{nodeId}/move'],
  ['post', '/api/threads'],
  ['get', '/api/threads'],
  ['get', '/api/threads/{id}'],
  ['get', '/api/v1/deep-research/{id}'],
  ['patch', '/api/calendar/posts/{id}'],
  ['get', '/api/calendar/posts'],
  ['post', '/api/calendar/posts/{id}/sync'],
  ['post', '/api/calendar/media'],
  ['get', '/api/signals/feed'],
  ['post', '/api/signals/feed/{id}/feedback'],
  ['post', '/api/signals/feed/{id}/dismiss'],
  ['get', '/api/signals/scan-time'],
  ['put', '/api/signals/scan-time'],
  ['get', '/api/credits/config'],
  ['get', '/api/extconn/accounts'],
  ['get', '/api/account'],
  ['post', '/api/user/api-key'],
  ['get', '/api/user/api-key'],
  ['delete', '/api/user/api-key'],
  ['get', '/api/lists/{id}/column-preferences'],
  ['patch', '/api/lists/{id}/columns/{colId}'],
  ['post', '/api/email/accounts'],
];

const find = (method: string, path: string) => list.find((o) => o.method === method && o.path === path);

describe('the operation registry', () => {
  it('holds each of the 13 Index operations, marked as such', () => {
    for (const [method, path] of SPEC_INDEX) {
      const op = find(method, path);
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op?.index).toBe(true);
      expect(op?.extension).toBe(false);
    }
    expect(list.filter((o) => o.index)).toHaveLength(13);
  });

  it('lists for each Index operation every status the spec names', () => {
    for (const [method, path, statuses] of SPEC_INDEX) {
      const op = find(method, path)!;
      const all = [...Object.keys(op.responses), ...Object.keys(op.errors)].map(Number);
      expect(all, `${method} ${path}`).toEqual(expect.arrayContaining(statuses));
    }
  });

  it('holds every related and referenced operation, not marked as an extension', () => {
    for (const [method, path] of REFERENCED) {
      const op = find(method, path);
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op?.extension, `${method} ${path}`).toBe(false);
    }
  });

  it('marks as extensions the routes the flows need beyond the spec', () => {
    for (const id of ['createSession', 'createList', 'createWorkflow', 'addCampaignLeads', 'listCampaigns'] as const) {
      expect(operations[id].extension).toBe(true);
    }
  });

  it('has unique operation ids, method-path pairs and SDK method names', () => {
    expect(new Set(list.map((o) => o.operationId)).size).toBe(list.length);
    expect(new Set(list.map((o) => `${o.method} ${o.path}`)).size).toBe(list.length);
    expect(new Set(list.map((o) => o.sdk)).size).toBe(list.length);
    for (const [key, op] of Object.entries(operations)) expect(op.operationId).toBe(key);
  });

  it('uses partner keys exactly on /api/v1/* and cookie sessions on /api/user/api-key', () => {
    for (const op of list) {
      expect(op.auth === 'partnerKey', op.operationId).toBe(op.path.startsWith('/api/v1/'));
      if (op.path === '/api/user/api-key') expect(op.auth).toBe('session');
    }
  });

  it('gives every {param} in a path a schema, and no schema for a missing param', () => {
    for (const op of list) {
      const names = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const keys = op.params ? Object.keys(op.params.shape) : [];
      expect(keys.sort(), op.operationId).toEqual(names.sort());
    }
  });

  it('uses the flat body where the spec shows it and the structured body for rate limits', () => {
    for (const [status, spec] of Object.entries(operations.completeOnboarding.errors)) {
      expect(spec.shape, `onboarding ${status}`).toBe(Number(status) === 429 ? 'structured' : 'flat');
    }
    const patch = operations.updateCampaign.errors;
    const flat = Object.entries(patch)
      .filter(([, s]) => s.shape === 'flat')
      .map(([k]) => Number(k));
    expect(flat.sort()).toEqual([400, 401, 404, 409, 422, 500, 503]);
    for (const op of list) expect(op.errors[429]?.shape, op.operationId).toBe('structured');
    expect(operations.launchCampaign.errors[400]?.shape).toBe('structured');
  });

  it('marks retry safety as the caller rules say', () => {
    for (const op of list) if (op.method === 'get') expect(op.retrySafe, op.operationId).toBe(true);
    expect(operations.launchCampaign.retrySafe).toBe(true);
    expect(operations.submitResearch.retrySafe).toBe(true);
    expect(operations.putColumnPreference.retrySafe).toBe(true);
    expect(operations.sendThreadMessage.retrySafe).toBe(false);
    expect(operations.createCampaign.retrySafe).toBe(false);
    expect(operations.addSequenceNode.retrySafe).toBe(false);
  });

  it('answers 202 and 200 from research submit with the same envelope', () => {
    expect(operations.submitResearch.responses[200]).toBe(operations.submitResearch.responses[202]);
  });
});

describe('matchOperation', () => {
  it('finds the operation and its path parameters', async () => {
    const { matchOperation } = await import('../src/index.js');
    const id = crypto.randomUUID();
    const nodeId = crypto.randomUUID();
    const hit = matchOperation('post', `/api/campaigns/${id}/sequence/nodes/${nodeId}/move`);
    expect(hit?.operation.operationId).toBe('moveSequenceNode');
    expect(hit?.params).toEqual({ id, nodeId });
    expect(matchOperation('GET', '/api/accounts')?.operation.operationId).toBe('listAccounts');
    expect(matchOperation('DELETE', '/api/accounts')).toBeUndefined();
    expect(matchOperation('GET', '/api/accounts/extra')).toBeUndefined();
  });
});

describe('the zod-free route table', () => {
  it('is up to date with the registry (run pnpm openapi when this fails)', async () => {
    const { readFileSync } = await import('node:fs');
    const { ROUTES_PATH, renderRoutes } = await import('../scripts/write-routes.js');
    expect(readFileSync(ROUTES_PATH, 'utf8')).toBe(renderRoutes());
  });
});
