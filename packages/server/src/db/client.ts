import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';
import type * as schema from './schema.js';

/**
 * The database the app runs on: any synchronous SQLite driver of drizzle (better-sqlite3 in
 * Node, sql.js in a browser). Every query is written with `.all()`, `.get()` or `.run()`.
 */
export type Db = BaseSQLiteDatabase<'sync', unknown, typeof schema>;
