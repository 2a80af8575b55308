// Node-only helpers: the SQLite file and the HTTP(S) listener. The app itself stays browser-safe.
import { mkdirSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import { dirname } from 'node:path';
import { type ServerType, serve } from '@hono/node-server';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import type { OutboundApp } from './app.js';
import type { Db } from './db/client.js';
import { migrate } from './db/migrate.js';
import * as schema from './db/schema.js';

export interface OpenedDatabase {
  db: Db;
  sqlite: Database.Database;
  close(): void;
}

/** Opens (creating if needed) a SQLite file with WAL, foreign keys and a busy timeout, migrated. */
export function openDatabase(path: string, options: { migrate?: boolean } = {}): OpenedDatabase {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new Database(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const db = drizzle(sqlite, { schema }) as unknown as Db;
  if (options.migrate !== false) migrate(db);
  return { db, sqlite, close: () => sqlite.close() };
}

export interface ListenOptions {
  port: number;
  hostname?: string;
  tls?: { cert: string | Buffer; key: string | Buffer };
}

/** Serves the app over HTTP, or HTTPS when a certificate and key are given. */
export function listen(app: OutboundApp, options: ListenOptions): Promise<{ server: ServerType; port: number }> {
  return new Promise((resolve) => {
    const server = serve(
      {
        fetch: app.hono.fetch,
        port: options.port,
        hostname: options.hostname ?? '127.0.0.1',
        ...(options.tls
          ? { createServer: createHttpsServer, serverOptions: { cert: options.tls.cert, key: options.tls.key } }
          : {}),
      },
      (info) => resolve({ server, port: info.port }),
    );
  });
}
