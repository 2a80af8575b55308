import { columnPreferences } from '../src/db/schema.js';
import { createUser } from '../src/domain/users.js';
import { call, type TestWorld } from './helpers.js';

/**
 * Two users viewing one list: the caller hides a column through the API; a preference row of
 * another user on the same list is left untouched. (Lists are per account here, so the second
 * user's preference is written directly, as a shared workspace would.)
 */
export async function sharedListScenario(w: TestWorld) {
  const second = await createUser(w.app.ctx, {
    email: 'teammate@outbound.local',
    name: 'Teammate',
    password: 'x-password',
  });
  const prefs = await call(w.app, 'GET', `/api/lists/${w.demo.listId}/column-preferences`, { key: w.demo.apiKey });
  const columnId = prefs.json.preferences[0].columnId as string;
  w.app.ctx.db
    .insert(columnPreferences)
    .values({ listId: w.demo.listId, userId: second.id, columnId, isHidden: false, updatedAt: 0 })
    .run();
  await call(w.app, 'PUT', `/api/lists/${w.demo.listId}/column-preferences`, {
    key: w.demo.apiKey,
    body: { columnId, isHidden: true },
  });
  const rows = w.app.ctx.db.select().from(columnPreferences).all();
  return {
    prefs: {
      caller: rows.find((r) => r.userId === w.demo.userId && r.columnId === columnId)?.isHidden,
      otherUser: rows.find((r) => r.userId === second.id && r.columnId === columnId)?.isHidden,
    },
  };
}
