// Storage faults: a read-only database file and a full one answer 503 with Retry-After in the
// operation's documented shape (nothing written, no crash); reads keep working; the server
// recovers as soon as the storage does.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import { ManualClock } from '../src/clock.js';
import { campaigns } from '../src/db/schema.js';
import { openDatabase } from '../src/node.js';
import { type SeedResult, seed } from '../src/seed.js';
import { call, expectFlat, START } from './helpers.js';

let dir: string;
let file: string;
let demo: SeedResult;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'outbound-storage-'));
  file = join(dir, 'db.sqlite');
  const opened = openDatabase(file);
  demo = await seed(createApp({ db: opened.db, config: { passwordIterations: 1000 } }).ctx);
  opened.close();
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const appOn = (opened: ReturnType<typeof openDatabase>) =>
  createApp({ db: opened.db, clock: new ManualClock(START), config: { rateLimit: false, mode: 'test' } });

describe('storage faults', () => {
  it('a read-only database: reads answer 200, writes 503 with Retry-After, nothing written', async () => {
    const opened = openDatabase(file, { readonly: true });
    const app = appOn(opened);
    const read = await call(app, 'GET', '/api/accounts', { key: demo.apiKey });
    expect(read.status).toBe(200);
    const write = await call(app, 'POST', '/api/campaigns', { key: demo.apiKey, body: { name: 'x', type: 'email' } });
    expect(write.status).toBe(503);
    expect(write.headers.get('retry-after')).toBe('5');
    expect(write.json.error).toMatchObject({ code: expect.any(String), reason: 'storage_unavailable' });
    expect(write.text).not.toMatch(/SQLITE|readonly database|at .*\.ts/);
    // A flat-shaped operation answers its own shape.
    const flat = await call(app, 'PATCH', `/api/campaigns/00000000-0000-4000-8000-000000000000`, {
      key: demo.apiKey,
      body: { name: 'x' },
    });
    expect([404, 503]).toContain(flat.status);
    if (flat.status === 503) expectFlat(flat);
    expect(opened.db.select().from(campaigns).all()).toHaveLength(0);
    opened.close();
  });

  it('a full database: writes 503 until there is room again, then succeed', async () => {
    const opened = openDatabase(file);
    const app = appOn(opened);
    const pages = opened.sqlite.pragma('page_count', { simple: true }) as number;
    opened.sqlite.pragma(`max_page_count = ${pages}`);
    const body = {
      leads: Array.from({ length: 1000 }, (_, i) => ({
        email: `recipient-${i}@example.com`,
        first_name: 'Ada',
        last_name: 'Lovelace',
      })),
    };
    const { json } = await call(app, 'POST', '/api/campaigns', {
      key: demo.apiKey,
      body: { name: 'full', type: 'email' },
    });
    const created = json?.campaign?.id as string | undefined;
    const target = created ?? '00000000-0000-4000-8000-000000000000';
    const full = await call(app, 'POST', `/api/campaigns/${target}/leads`, { key: demo.apiKey, body });
    expect(full.status).toBe(created ? 503 : 404);
    if (created) {
      expect(full.headers.get('retry-after')).toBe('5');
      opened.sqlite.pragma('max_page_count = 1073741823');
      const again = await call(app, 'POST', `/api/campaigns/${target}/leads`, { key: demo.apiKey, body });
      expect(again.status).toBe(200);
      expect(again.json.added).toBe(1000);
    }
    opened.close();
  });
});
