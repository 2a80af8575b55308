import type { Db } from './client.js';
import { MIGRATIONS } from './migrations.generated.js';

interface Migrator {
  dialect: { migrate(migrations: typeof MIGRATIONS, session: unknown, config: object): void };
  session: unknown;
}

/** Applies every pending migration in one transaction. Safe to call on every start. */
export function migrate(db: Db): void {
  // drizzle's own migrator reads a folder; the embedded list lets a browser database migrate too.
  const m = db as unknown as Migrator;
  m.dialect.migrate(MIGRATIONS, m.session, {});
}
