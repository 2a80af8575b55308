// The outbound-server commands other than start: migrate, seed, keys create|revoke, partner-keys create.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import { partners } from '../src/db/schema.js';
import { openDatabase } from '../src/node.js';

const run = (db: string, ...args: string[]) =>
  execFileSync(
    process.execPath,
    ['--import', 'tsx', '--conditions=source', join(__dirname, '../src/main.ts'), ...args],
    {
      cwd: join(__dirname, '..'),
      env: { ...process.env, OUTBOUND_DB: db, LOG_LEVEL: 'silent' },
      encoding: 'utf8',
    },
  );

const status = async (db: string, key: string, path: string) => {
  const opened = openDatabase(db);
  const app = createApp({ db: opened.db });
  const res = await app.request(path, { headers: { authorization: `Bearer ${key}` } });
  opened.close();
  return res.status;
};

describe('outbound-server commands', () => {
  it('migrate creates the database; seed prints working keys; keys revoke and create rotate the API key', async () => {
    const db = join(mkdtempSync(join(tmpdir(), 'outbound-cli-')), 'db.sqlite');
    expect(run(db, 'migrate')).toContain(`migrated ${db}`);
    const seeded = run(db, 'seed');
    const apiKey = /API key\s+(pk_live_\S+)/.exec(seeded)?.[1] ?? '';
    expect(await status(db, apiKey, '/api/account')).toBe(200);

    expect(() => run(db, 'keys', 'create')).toThrow(/active API key/);
    expect(run(db, 'keys', 'revoke')).toMatch(/^revoked /);
    expect(await status(db, apiKey, '/api/account')).toBe(401);
    const fresh = run(db, 'keys', 'create').trim();
    expect(fresh).toMatch(/^pk_live_[A-Za-z0-9_-]{43}$/);
    expect(await status(db, fresh, '/api/account')).toBe(200);
  }, 60_000);

  it('partner-keys create makes a partner with credits and a key that opens /api/v1/*', async () => {
    const db = join(mkdtempSync(join(tmpdir(), 'outbound-cli-')), 'db.sqlite');
    run(db, 'migrate');
    const out = run(db, 'partner-keys', 'create', '--name', 'Acme Partner', '--credits', '250');
    const key = /Partner key\s+(ptk_live_\S+)/.exec(out)?.[1] ?? '';
    expect(await status(db, key, '/api/v1/deep-research/00000000-0000-4000-8000-000000000000')).toBe(404);
    const opened = openDatabase(db);
    expect(opened.db.select().from(partners).all()).toEqual([
      expect.objectContaining({ name: 'Acme Partner', creditBalance: 250 }),
    ]);
    opened.close();
  }, 60_000);

  it('an invalid environment is refused with a clear message', () => {
    expect(() =>
      execFileSync(
        process.execPath,
        ['--import', 'tsx', '--conditions=source', join(__dirname, '../src/main.ts'), 'migrate'],
        {
          cwd: join(__dirname, '..'),
          env: { ...process.env, PORT: 'eighty', LOG_LEVEL: 'silent' },
          encoding: 'utf8',
          stdio: 'pipe',
        },
      ),
    ).toThrow(/PORT/);
  });
});
