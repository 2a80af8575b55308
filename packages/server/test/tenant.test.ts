// Tenant isolation: every route with an {id} answers 404 for another account's resource.
import { type Operation, operationList } from '@outbound/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listColumns, signals } from '../src/db/schema.js';
import { handlers } from '../src/routes/index.js';
import { call, type TestWorld, world } from './helpers.js';

let w: TestWorld;
let ids: Record<string, string> = {};
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
  const api = (method: string, path: string, body?: unknown) => call(w.app, method, path, { key: w.demo.apiKey, body });
  const ready = async () => {
    const id = (await api('POST', '/api/campaigns', { name: 'T', type: 'email' })).json.campaign.id as string;
    await api('POST', `/api/campaigns/${id}/sequence/nodes`, { type: 'email', subject: 's', body: 'b' });
    await api('POST', `/api/campaigns/${id}/leads`, { leads: [{ email: 'x@example.com' }] });
    return id;
  };
  ids.draft = await ready();
  const nodes = (await api('GET', `/api/campaigns/${ids.draft}`)).json.sequence_nodes;
  ids.node = nodes[0].id;
  ids.node2 = (
    await api('POST', `/api/campaigns/${ids.draft}/sequence/nodes`, { type: 'delay', delay_hours: 1 })
  ).json.sequence_nodes[1].id;
  ids.launchable = await ready();
  ids.active = await ready();
  ids.paused = await ready();
  for (const id of [ids.active, ids.paused]) await api('POST', `/api/campaigns/${id}/launch`);
  await w.app.runner.runDue();
  await api('POST', `/api/campaigns/${ids.paused}/pause`);
  ids.research = (
    await call(w.app, 'POST', '/api/v1/research', {
      key: w.demo.partnerKey,
      body: { first_name: 'A', last_name: 'B', linkedin_url: 'linkedin.com/in/tenant-test' },
    })
  ).json.person.id;
  ids.post = (await api('POST', '/api/calendar/posts', { content: 'Hi', channels: ['socialnet'] })).json.post.id;
  ids.post2 = (await api('POST', '/api/calendar/posts', { content: 'Hi', channels: ['socialnet'] })).json.post.id;
  ids.thread = (
    await api('POST', '/api/threads', {
      channel: 'email',
      recipient_email: 'x@example.com',
      subject: 's',
      account_id: w.demo.emailAccountId,
    })
  ).json.thread.id;
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
  getCampaign: () => ({ path: `/api/campaigns/${ids.draft}` }),
  updateCampaign: () => ({ path: `/api/campaigns/${ids.draft}`, body: { name: 'Renamed' } }),
  launchCampaign: () => ({ path: `/api/campaigns/${ids.launchable}/launch` }),
  pauseCampaign: () => ({ path: `/api/campaigns/${ids.active}/pause` }),
  resumeCampaign: () => ({ path: `/api/campaigns/${ids.paused}/resume` }),
  listCampaignLeads: () => ({ path: `/api/campaigns/${ids.draft}/leads` }),
  addCampaignLeads: () => ({
    path: `/api/campaigns/${ids.draft}/leads`,
    body: { leads: [{ email: 'y@example.com' }] },
  }),
  addSequenceNode: () => ({ path: `/api/campaigns/${ids.draft}/sequence/nodes`, body: { type: 'email' } }),
  updateSequenceNode: () => ({ path: `/api/campaigns/${ids.draft}/sequence/nodes/${ids.node}`, body: { body: 'x' } }),
  moveSequenceNode: () => ({
    path: `/api/campaigns/${ids.draft}/sequence/nodes/${ids.node}/move`,
    body: { position: 0 },
  }),
  deleteSequenceNode: () => ({ path: `/api/campaigns/${ids.draft}/sequence/nodes/${ids.node2}` }),
  getThread: () => ({ path: `/api/threads/${ids.thread}` }),
  getResearch: () => ({ path: `/api/v1/deep-research/${ids.research}` }),
  updatePost: () => ({ path: `/api/calendar/posts/${ids.post}`, body: { content: 'Edited' } }),
  syncPost: () => ({ path: `/api/calendar/posts/${ids.post}/sync` }),
  archivePost: () => ({ path: `/api/calendar/posts/${ids.post2}/archive` }),
  sendThreadMessage: () => ({ path: `/api/threads/${ids.thread}/messages`, body: { body_text: 'Hello' } }),
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

  it('every operation of the registry is implemented: none answers 501', () => {
    const missing = (operationList as Operation[])
      .filter((o) => !(o.operationId in handlers))
      .map((o) => o.operationId);
    expect(missing).toEqual([]);
  });
});
