import { z } from 'zod';
import { Counter, HttpUrl, queryInt, Timestamp, text, Uuid } from '../common.js';
import { LIMITS } from '../limits.js';
import { isTimeZone } from './operating-hours.js';

export const SignalStatus = z.enum(['new', 'seen']).meta({ id: 'SignalStatus' });
export const EntityType = z.enum(['company', 'person']).meta({ id: 'EntityType' });
export const Rating = z.enum(['up', 'down']).meta({ id: 'Rating' });

const Score = z.number().min(0).max(100);

/** A classified buying-intent signal. */
export const Signal = z
  .object({
    id: Uuid,
    signal_type: text(64),
    signal_type_label: text(200),
    headline: text(500),
    score: Score,
    source: text(200),
    url: HttpUrl.nullable(),
    status: SignalStatus,
    feedback: Rating.nullable(),
    entity: z.object({ id: Uuid, type: EntityType, name: text(300) }),
    detected_at: Timestamp,
  })
  .meta({ id: 'Signal' });
export type Signal = z.infer<typeof Signal>;

/** A company or person with the aggregates of its signals in the window. */
export const Entity = z
  .object({
    id: Uuid,
    type: EntityType,
    name: text(300),
    domain: text(253).nullable(),
    avg_score: Score,
    signal_count: Counter,
    signal_type_breakdown: z.record(text(64), Counter),
    top_signals: z.array(Signal).max(5).meta({ description: 'Up to 5 highest-scoring signals.' }),
  })
  .meta({ id: 'Entity' });
export type Entity = z.infer<typeof Entity>;

/** Query of the signals read. */
export const SignalsQuery = z.object({
  view: z.enum(['signals', 'entities']).default('signals'),
  since: Timestamp.optional().meta({ description: 'Upper bound of the window (UTC, ending in Z). Default: now.' }),
  days: queryInt(LIMITS.signalsDays.min, LIMITS.signalsDays.max)
    .default(LIMITS.signalsDays.default)
    .meta({ description: 'Lookback from since, 1 to 365.' }),
});

/** Most items a signals read returns in one window. */
export const SIGNALS_PAGE_MAX = 500;

export const SignalsFeed = z
  .discriminatedUnion('view', [
    z.object({
      view: z.literal('signals'),
      signals: z.array(Signal).max(SIGNALS_PAGE_MAX),
      has_more: z.boolean(),
      window_start: Timestamp,
      window_end: Timestamp,
    }),
    z.object({
      view: z.literal('entities'),
      entities: z.array(Entity).max(SIGNALS_PAGE_MAX),
      entity_count: Counter,
      has_more: z.boolean(),
      window_start: Timestamp,
      window_end: Timestamp,
    }),
  ])
  .meta({ id: 'SignalsFeed' });
export type SignalsFeed = z.infer<typeof SignalsFeed>;

export const SignalFeedbackBody = z
  .object({ rating: Rating, comment: text(1000).optional() })
  .meta({ id: 'SignalFeedbackBody' });
export const SignalEnvelope = z.object({ signal: Signal }).meta({ id: 'SignalEnvelope' });

/** Daily time the signals scan runs, in the given time zone. */
export const ScanTime = z
  .object({
    scan_time: z
      .string()
      .max(5)
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:MM'),
    timezone: text(64).refine(isTimeZone, 'must be an IANA time zone such as Europe/Paris'),
  })
  .meta({ id: 'ScanTime' });
export const ScanTimeBody = ScanTime;
export const ScanTimeEnvelope = z
  .object({ ...ScanTime.shape, next_scan_at: Timestamp })
  .meta({ id: 'ScanTimeEnvelope' });

export const DismissResponse = z.object({ success: z.literal(true), id: Uuid }).meta({ id: 'DismissResponse' });
