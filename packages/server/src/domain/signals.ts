import { SIGNALS_PAGE_MAX } from '@outbound/schema';
import { and, desc, eq, gt, isNull, lte } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { entities, scanSettings, signals } from '../db/schema.js';
import { tx } from '../db/tx.js';
import { uuid } from '../lib/crypto.js';
import { HttpError } from '../lib/http-error.js';
import { iso } from '../lib/time.js';
import { nextDailyTime } from '../lib/tz.js';
import { emitEvent } from './events.js';

type SignalRow = typeof signals.$inferSelect;
type EntityRow = typeof entities.$inferSelect;

const DAY_MS = 86_400_000;
export const DEFAULT_SCAN = { scan_time: '08:00', timezone: 'UTC' };

function signalView(s: SignalRow, e: Pick<EntityRow, 'id' | 'type' | 'name'>) {
  return {
    id: s.id,
    signal_type: s.signalType,
    signal_type_label: s.signalTypeLabel,
    headline: s.headline,
    score: s.score,
    source: s.source,
    url: s.url,
    status: s.status,
    feedback: s.feedback,
    entity: { id: e.id, type: e.type, name: e.name },
    detected_at: iso(s.detectedAt),
  };
}

/** Visible signals: not dismissed, not a duplicate. */
const visible = (userId: string) =>
  and(eq(signals.userId, userId), eq(signals.dismissed, false), isNull(signals.duplicateOf));

/**
 * The signals read: the window is (since - days, since]; `signals` is a flat list newest first,
 * `entities` groups by company or person with aggregates and the top 5 signals of each.
 */
export function readSignals(
  ctx: AppContext,
  userId: string,
  query: { view: 'signals' | 'entities'; since?: string; days: number },
) {
  const until = query.since ? Date.parse(query.since) : ctx.clock.now();
  const start = until - query.days * DAY_MS;
  const rows = ctx.db
    .select({ s: signals, e: entities })
    .from(signals)
    .innerJoin(entities, eq(entities.id, signals.entityId))
    .where(and(visible(userId), gt(signals.detectedAt, start), lte(signals.detectedAt, until)))
    .orderBy(desc(signals.detectedAt), desc(signals.id))
    .all();
  const older = ctx.db
    .select({ id: signals.id })
    .from(signals)
    .where(and(visible(userId), lte(signals.detectedAt, start)))
    .limit(1)
    .get();
  const window = { window_start: iso(start), window_end: iso(until) };

  if (query.view === 'signals') {
    return {
      view: 'signals' as const,
      signals: rows.slice(0, SIGNALS_PAGE_MAX).map((r) => signalView(r.s, r.e)),
      has_more: older !== undefined || rows.length > SIGNALS_PAGE_MAX,
      ...window,
    };
  }

  const groups = new Map<string, { e: EntityRow; items: SignalRow[] }>();
  for (const r of rows) {
    const g = groups.get(r.e.id) ?? { e: r.e, items: [] };
    g.items.push(r.s);
    groups.set(r.e.id, g);
  }
  const all = [...groups.values()].map(({ e, items }) => {
    const breakdown: Record<string, number> = {};
    for (const s of items) breakdown[s.signalType] = (breakdown[s.signalType] ?? 0) + 1;
    const avg = items.reduce((sum, s) => sum + s.score, 0) / items.length;
    return {
      id: e.id,
      type: e.type,
      name: e.name,
      domain: e.domain,
      avg_score: Math.round(avg * 100) / 100,
      signal_count: items.length,
      signal_type_breakdown: breakdown,
      top_signals: [...items]
        .sort((a, b) => b.score - a.score || b.detectedAt - a.detectedAt)
        .slice(0, 5)
        .map((s) => signalView(s, e)),
    };
  });
  all.sort((a, b) => b.avg_score - a.avg_score || b.signal_count - a.signal_count || a.name.localeCompare(b.name));
  return {
    view: 'entities' as const,
    entities: all.slice(0, SIGNALS_PAGE_MAX),
    entity_count: all.length,
    has_more: older !== undefined || all.length > SIGNALS_PAGE_MAX,
    ...window,
  };
}

function visibleSignal(ctx: AppContext, userId: string, id: string) {
  const row = ctx.db
    .select({ s: signals, e: entities })
    .from(signals)
    .innerJoin(entities, eq(entities.id, signals.entityId))
    .where(and(eq(signals.id, id), visible(userId)))
    .get();
  if (!row) throw new HttpError(404, 'Signal not found');
  return row;
}

/** Thumbs up or down; interacting with a signal marks it seen. */
export function signalFeedback(ctx: AppContext, userId: string, id: string, rating: 'up' | 'down') {
  const { e } = visibleSignal(ctx, userId, id);
  const s = ctx.db
    .update(signals)
    .set({ feedback: rating, status: 'seen' })
    .where(eq(signals.id, id))
    .returning()
    .get()!;
  return { signal: signalView(s, e) };
}

/** Soft delete: a dismissed signal is never returned again. */
export function dismissSignal(ctx: AppContext, userId: string, id: string) {
  visibleSignal(ctx, userId, id);
  ctx.db.update(signals).set({ dismissed: true }).where(eq(signals.id, id)).run();
  return { success: true as const, id };
}

export function getScanTime(ctx: AppContext, userId: string) {
  const row = ctx.db.select().from(scanSettings).where(eq(scanSettings.userId, userId)).get();
  const s = row ? { scan_time: row.scanTime, timezone: row.timezone } : DEFAULT_SCAN;
  return { ...s, next_scan_at: iso(nextDailyTime(ctx.clock.now(), s.scan_time, s.timezone)) };
}

export function setScanTime(ctx: AppContext, userId: string, body: { scan_time: string; timezone: string }) {
  const now = ctx.clock.now();
  ctx.db
    .insert(scanSettings)
    .values({ userId, scanTime: body.scan_time, timezone: body.timezone, updatedAt: now })
    .onConflictDoUpdate({
      target: scanSettings.userId,
      set: { scanTime: body.scan_time, timezone: body.timezone, updatedAt: now },
    })
    .run();
  return getScanTime(ctx, userId);
}

/** A signal as the signals provider reports it. */
export interface DetectedSignal {
  entity_id: string;
  signal_type: string;
  signal_type_label: string;
  headline: string;
  score: number;
  source: string;
  url?: string | undefined;
}

/**
 * Records a signal the provider detected and scored, and emits `signal.detected` in the same
 * transaction. A signal repeating one already seen for the entity (same type and headline) is
 * kept as a duplicate: never listed and never announced again.
 */
export function recordDetectedSignal(
  ctx: AppContext,
  input: DetectedSignal,
): { id: string; duplicate: boolean } | undefined {
  const now = ctx.clock.now();
  return tx(ctx.db, (t) => {
    const entity = t.select().from(entities).where(eq(entities.id, input.entity_id)).get();
    if (!entity) return undefined;
    const original = t
      .select({ id: signals.id })
      .from(signals)
      .where(
        and(
          eq(signals.entityId, entity.id),
          eq(signals.signalType, input.signal_type),
          eq(signals.headline, input.headline),
          isNull(signals.duplicateOf),
        ),
      )
      .get();
    const id = uuid();
    t.insert(signals)
      .values({
        id,
        userId: entity.userId,
        entityId: entity.id,
        signalType: input.signal_type,
        signalTypeLabel: input.signal_type_label,
        headline: input.headline,
        score: input.score,
        source: input.source,
        url: input.url ?? null,
        duplicateOf: original?.id ?? null,
        detectedAt: now,
      })
      .run();
    if (!original) {
      emitEvent(
        t,
        { userId: entity.userId },
        'signal.detected',
        {
          id,
          signal_type_label: input.signal_type_label,
          headline: input.headline,
          score: input.score,
          source: input.source,
          detected_at: iso(now),
        },
        now,
      );
    }
    return { id, duplicate: original !== undefined };
  });
}
