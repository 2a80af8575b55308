// Tenant isolation: every route with an {id} answers 404 for another account's resource.
import { type Operation, operationList } from '@outbound/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listColumns, signals } from '../src/db/schema.js';
import { handlers } from '../src/routes/index.js';
import { call, type TestWorld, world } from './helpers.js';

let w: TestWorld;
let ids: Record<string, string>;
beforeAll(async () => {
  w = await world();
  const signal = w.app.ctx.db
    .select()
    .from(signals)
    .where(eq(signals.userId, w.demo.userId))
    .all()
    .find((s) => !s.dismissed && !s.duplicateOf)!;
  const column = w.app.ctx.db.select().from(listColumns).where(eq(listColumns.listId, w.demo.listId)).get()!;
  ids = { signal: signal.id, column: column.id };
});
afterAll(() => w.close());

/** For each implemented `{id}` operation: the demo account's resource and a valid body. */
const FIXTURES: Record<string, () => { path: string; body?: unknown }> = {
  refreshExtconnAccount: () => ({ path: `/api/extconn/accounts/${w.demo.socialnetAccountId}/refresh` }),
  getColumnPreferences: () => ({ path: `/api/lists/${w.demo.listId}/column-preferences` }),
  putColumnPreference: () => ({
    path: `/api/lists/${w.demo.listId}/column-preferences`,
    body: { columnId: ids.column, isHidden: true },
  }),
  updateListColumn: () => ({ path: `/api/lists/${w.demo.listId}/columns/${ids.column}`, body: { name: 'Renamed' } }),
  listWorkflowNodes: () => ({ path: `/api/workflows/${w.demo.workflowId}/nodes` }),
  signalFeedback: () => ({ path: `/api/signals/feed/${ids.signal}/feedback`, body: { rating: 'down' } }),
  dismissSignal: () => ({ path: `/api/signals/feed/${ids.signal}/dismiss` }),
};

const withId = (operationList as Operation[]).filter((o) => o.path.includes('{'));
const implemented = withId.filter((o) => o.operationId in handlers);

describe('tenant isolation', () => {
  it('every implemented {id} operation has a fixture here', () => {
    expect(implemented.map((o) => o.operationId).sort()).toEqual(Object.keys(FIXTURES).sort());
  });

  for (const op of implemented) {
    it(`${op.method.toUpperCase()} ${op.path} answers 404 to another account and not to the owner`, async () => {
      const { path, body } = FIXTURES[op.operationId]!();
      const key = op.auth === 'partnerKey' ? 'partnerKey' : 'apiKey';
      const stranger = await call(w.app, op.method.toUpperCase(), path, { key: w.other[key], body });
      expect(stranger.status).toBe(404);
      const owner = await call(w.app, op.method.toUpperCase(), path, { key: w.demo[key], body });
      expect(owner.status).toBeLessThan(300);
    });
  }

  it('operations of later areas answer 501 until they are built', async () => {
    const pending = withId.filter((o) => !(o.operationId in handlers));
    for (const op of pending) {
      const path = op.path.replace(/\{\w+\}/g, crypto.randomUUID());
      const key = op.auth === 'partnerKey' ? w.demo.partnerKey : w.demo.apiKey;
      const res = await call(w.app, op.method.toUpperCase(), path, {
        key,
        ...(op.method === 'get' ? {} : { body: {} }),
      });
      expect(res.status, op.operationId).toBe(501);
    }
  });
});
