import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { columnPreferences, listColumns, lists } from '../db/schema.js';
import { tx } from '../db/tx.js';
import { uuid } from '../lib/crypto.js';
import { HttpError } from '../lib/http-error.js';
import { iso } from '../lib/time.js';

type ColumnRow = typeof listColumns.$inferSelect;
type ColumnType = ColumnRow['type'];

const columnView = (c: ColumnRow) => ({
  id: c.id,
  list_id: c.listId,
  name: c.name,
  type: c.type,
  position: c.position,
});

function ownedList(ctx: AppContext, userId: string, listId: string) {
  const list = ctx.db
    .select()
    .from(lists)
    .where(and(eq(lists.id, listId), eq(lists.userId, userId)))
    .get();
  if (!list) throw new HttpError(404, 'List not found');
  return list;
}

function columnsOf(ctx: AppContext, listId: string) {
  return ctx.db
    .select()
    .from(listColumns)
    .where(eq(listColumns.listId, listId))
    .orderBy(asc(listColumns.position))
    .all();
}

export function createList(
  ctx: AppContext,
  userId: string,
  body: { name: string; columns: { name: string; type: ColumnType }[] },
) {
  const now = ctx.clock.now();
  const id = uuid();
  const columns = body.columns.map((c, i) => ({ id: uuid(), listId: id, name: c.name, type: c.type, position: i }));
  tx(ctx.db, (t) => {
    t.insert(lists).values({ id, userId, name: body.name, createdAt: now }).run();
    if (columns.length) t.insert(listColumns).values(columns).run();
  });
  return { list: { id, name: body.name, columns: columns.map(columnView), created_at: iso(now) } };
}

/** The caller's view of every column of the list (a column without a preference is shown). */
export function getColumnPreferences(ctx: AppContext, userId: string, listId: string) {
  ownedList(ctx, userId, listId);
  const prefs = new Map(
    ctx.db
      .select()
      .from(columnPreferences)
      .where(and(eq(columnPreferences.listId, listId), eq(columnPreferences.userId, userId)))
      .all()
      .map((p) => [p.columnId, p.isHidden]),
  );
  return { preferences: columnsOf(ctx, listId).map((c) => ({ columnId: c.id, isHidden: prefs.get(c.id) ?? false })) };
}

/** Upsert of one preference, keyed by (list, user, column); affects only the caller. */
export function putColumnPreference(
  ctx: AppContext,
  userId: string,
  listId: string,
  body: { columnId: string; isHidden: boolean },
) {
  ownedList(ctx, userId, listId);
  const column = ctx.db
    .select()
    .from(listColumns)
    .where(and(eq(listColumns.id, body.columnId), eq(listColumns.listId, listId)))
    .get();
  if (!column) throw new HttpError(404, 'Column not found on this list', { field: 'columnId' });
  const now = ctx.clock.now();
  ctx.db
    .insert(columnPreferences)
    .values({ listId, userId, columnId: body.columnId, isHidden: body.isHidden, updatedAt: now })
    .onConflictDoUpdate({
      target: [columnPreferences.listId, columnPreferences.userId, columnPreferences.columnId],
      set: { isHidden: body.isHidden, updatedAt: now },
    })
    .run();
  return { success: true as const };
}

export function updateListColumn(
  ctx: AppContext,
  userId: string,
  listId: string,
  columnId: string,
  body: { name?: string; type?: ColumnType; position?: number },
) {
  ownedList(ctx, userId, listId);
  const row = ctx.db
    .update(listColumns)
    .set(body)
    .where(and(eq(listColumns.id, columnId), eq(listColumns.listId, listId)))
    .returning()
    .get();
  if (!row) throw new HttpError(404, 'Column not found on this list');
  return { column: columnView(row) };
}
