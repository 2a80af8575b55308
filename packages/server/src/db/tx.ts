import type { Db } from './client.js';

/** The transaction handle drizzle gives a synchronous callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Runs `fn` in one synchronous transaction: every write commits together or none does.
 * The callback must not be async: an awaited write would escape the transaction, so a promise
 * returned here is a programming error and rolls the transaction back.
 * This is the only transaction boundary of the server.
 */
export function tx<T>(db: Db, fn: (t: Tx) => T): T {
  // IMMEDIATE takes the write lock at BEGIN, so a read-then-write inside is never interleaved
  // with another writer, even from another process on the same file.
  return db.transaction(
    (t) => {
      const result = fn(t);
      if (result instanceof Promise) throw new TypeError('transaction callbacks must be synchronous');
      return result;
    },
    { behavior: 'immediate' },
  );
}
