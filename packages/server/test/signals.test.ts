// Spec, Signals read: views, window, has_more, window_start, entity count, top 5, exclusions.
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signals } from '../src/db/schema.js';
import { call, type TestWorld, world } from './helpers.js';

let w: TestWorld;
beforeEach(async () => {
  w = await world();
});
afterEach(() => w.close());

const DAY = 86_400_000;
const feed = (q = '') => call(w.app, 'GET', `/api/signals/feed${q}`, { key: w.demo.apiKey });
const visibleRows = () =>
  w.app.ctx.db
    .select()
    .from(signals)
    .where(eq(signals.userId, w.demo.userId))
    .all()
    .filter((s) => !s.dismissed && s.duplicateOf === null);

describe('the signals read', () => {
  it('defaults to the signals view over 7 days ending now, newest first', async () => {
    const res = await feed();
    expect(res.status).toBe(200);
    expect(res.json.view).toBe('signals');
    expect(Date.parse(res.json.window_start)).toBe(w.clock.now() - 7 * DAY);
    const times = res.json.signals.map((s: { detected_at: string }) => Date.parse(s.detected_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(res.json.signals.length).toBe(visibleRows().length);
  });

  it('excludes dismissed signals and duplicates', async () => {
    const all = w.app.ctx.db.select().from(signals).where(eq(signals.userId, w.demo.userId)).all();
    const hidden = all.filter((s) => s.dismissed || s.duplicateOf !== null).map((s) => s.id);
    expect(hidden.length).toBeGreaterThan(1);
    const res = await feed();
    const ids = res.json.signals.map((s: { id: string }) => s.id);
    for (const id of hidden) expect(ids).not.toContain(id);
  });

  it('since and days set the window; has_more tells whether older items exist', async () => {
    const res = await feed('?days=1');
    const cutoff = w.clock.now() - DAY;
    const expected = visibleRows().filter((s) => s.detectedAt > cutoff).length;
    expect(res.json.signals.length).toBe(expected);
    expect(res.json.has_more).toBe(visibleRows().some((s) => s.detectedAt <= cutoff));
    const week = await feed('?days=7');
    expect(week.json.has_more).toBe(visibleRows().some((s) => s.detectedAt <= w.clock.now() - 7 * DAY));
    const year = await feed('?days=365');
    expect(year.json.has_more).toBe(false);
    const since = new Date(w.clock.now() - 3 * DAY).toISOString();
    const past = await feed(`?since=${since}&days=2`);
    expect(past.json.window_end).toBe(since);
    expect(Date.parse(past.json.window_start)).toBe(Date.parse(since) - 2 * DAY);
    for (const s of past.json.signals) expect(Date.parse(s.detected_at)).toBeLessThanOrEqual(Date.parse(since));
  });

  it('days must be 1 to 365 and since must end in Z', async () => {
    expect((await feed('?days=0')).status).toBe(400);
    expect((await feed('?days=366')).status).toBe(400);
    expect((await feed('?days=365')).status).toBe(200);
    expect((await feed('?since=2026-11-01T00:00:00%2B01:00')).status).toBe(400);
  });

  it('the entities view groups with aggregates, an entity count and the top 5 signals', async () => {
    const res = await feed('?view=entities');
    expect(res.json.view).toBe('entities');
    expect(res.json.entity_count).toBe(res.json.entities.length);
    const rows = visibleRows();
    for (const e of res.json.entities) {
      const mine = rows.filter((r) => r.entityId === e.id);
      expect(e.signal_count).toBe(mine.length);
      const avg = mine.reduce((s, r) => s + r.score, 0) / mine.length;
      expect(e.avg_score).toBeCloseTo(avg, 2);
      expect(e.top_signals.length).toBe(Math.min(5, mine.length));
      const best = [...mine]
        .sort((a, b) => b.score - a.score)
        .slice(0, 5)
        .map((r) => r.score);
      expect(e.top_signals.map((s: { score: number }) => s.score)).toEqual(best);
      const total = Object.values(e.signal_type_breakdown as Record<string, number>).reduce((a, b) => a + b, 0);
      expect(total).toBe(mine.length);
    }
  });

  it('feedback records the rating and moves the signal to seen', async () => {
    const first = (await feed()).json.signals[0];
    expect(first.status).toBe('new');
    const res = await call(w.app, 'POST', `/api/signals/feed/${first.id}/feedback`, {
      key: w.demo.apiKey,
      body: { rating: 'up' },
    });
    expect(res.status).toBe(200);
    expect(res.json.signal).toMatchObject({ id: first.id, status: 'seen', feedback: 'up' });
    const bad = await call(w.app, 'POST', `/api/signals/feed/${first.id}/feedback`, {
      key: w.demo.apiKey,
      body: { rating: 'meh' },
    });
    expect(bad.status).toBe(400);
  });

  it('dismiss soft-deletes: the signal is never returned again', async () => {
    const first = (await feed()).json.signals[0];
    const res = await call(w.app, 'POST', `/api/signals/feed/${first.id}/dismiss`, { key: w.demo.apiKey });
    expect(res.json).toEqual({ success: true, id: first.id });
    const ids = (await feed()).json.signals.map((s: { id: string }) => s.id);
    expect(ids).not.toContain(first.id);
    const entities = (await feed('?view=entities')).json.entities.flatMap((e: { top_signals: { id: string }[] }) =>
      e.top_signals.map((s) => s.id),
    );
    expect(entities).not.toContain(first.id);
    expect((await call(w.app, 'POST', `/api/signals/feed/${first.id}/dismiss`, { key: w.demo.apiKey })).status).toBe(
      404,
    );
    expect(w.app.ctx.db.select().from(signals).where(eq(signals.id, first.id)).get()?.dismissed).toBe(true);
  });

  it('the scan time reads and updates, with the next scan in the given zone', async () => {
    const read = await call(w.app, 'GET', '/api/signals/scan-time', { key: w.demo.apiKey });
    expect(read.json).toMatchObject({ scan_time: '08:00', timezone: 'UTC' });
    expect(read.json.next_scan_at).toBe('2026-11-17T08:00:00.000Z');
    const put = await call(w.app, 'PUT', '/api/signals/scan-time', {
      key: w.demo.apiKey,
      body: { scan_time: '07:30', timezone: 'America/New_York' },
    });
    expect(put.status).toBe(200);
    expect(put.json.next_scan_at).toBe('2026-11-16T12:30:00.000Z');
    const invalid = await call(w.app, 'PUT', '/api/signals/scan-time', {
      key: w.demo.apiKey,
      body: { scan_time: '7:30', timezone: 'UTC' },
    });
    expect(invalid.status).toBe(400);
    const zone = await call(w.app, 'PUT', '/api/signals/scan-time', {
      key: w.demo.apiKey,
      body: { scan_time: '07:30', timezone: 'Nowhere/City' },
    });
    expect(zone.status).toBe(400);
  });
});
