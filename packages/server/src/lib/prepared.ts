import type { Db } from '../db/client.js';

const caches = new WeakMap<object, Map<string, unknown>>();

/**
 * A query built and prepared once per database, then reused with `sql.placeholder` values. For
 * the queries of hot routes: drizzle's query building and SQLite's statement preparation cost
 * more than running a small indexed query.
 */
export function prepared<T>(db: Db, key: string, build: (db: Db) => T): T {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  let query = cache.get(key) as T | undefined;
  if (query === undefined) {
    query = build(db);
    cache.set(key, query);
  }
  return query;
}
