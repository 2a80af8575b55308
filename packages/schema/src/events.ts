import { z } from 'zod';
import { HttpUrl, Timestamp, text, Uuid } from './common.js';
import { LIMITS } from './limits.js';

export const EVENT_TYPES = ['signal.detected', 'research.complete', 'research.failed'] as const;
export const EventType = z.enum(EVENT_TYPES).meta({ id: 'EventType' });
export type EventType = z.infer<typeof EventType>;

export const SignalDetectedData = z
  .object({
    id: Uuid,
    signal_type_label: text(200),
    headline: text(500),
    score: z.number().min(0).max(100),
    source: text(200),
    detected_at: Timestamp,
  })
  .meta({ id: 'SignalDetectedData' });

export const ResearchCompleteData = z
  .object({
    id: Uuid.meta({ description: 'Research person id.' }),
    first_name: text(LIMITS.researchName.max),
    last_name: text(LIMITS.researchName.max),
    company: text(300),
    icp_score: z.number().min(0).max(100),
    report_url: HttpUrl.meta({ description: 'URL of /api/v1/deep-research/<person_id> under the base address.' }),
  })
  .meta({ id: 'ResearchCompleteData' });

/** Stable codes of `research.failed`. */
export const ResearchFailureCode = z
  .enum(['profile_not_found', 'provider_error', 'timeout'])
  .meta({ id: 'ResearchFailureCode' });

export const ResearchFailedData = z
  .object({
    id: Uuid.meta({ description: 'Research person id.' }),
    first_name: text(LIMITS.researchName.max),
    last_name: text(LIMITS.researchName.max),
    linkedin_url: HttpUrl,
    error: z.object({ code: ResearchFailureCode, message: text(2000) }),
    failed_at: Timestamp,
  })
  .meta({ id: 'ResearchFailedData' });

const envelope = <T extends EventType, D extends z.ZodType>(type: T, data: D) =>
  z.object({ type: z.literal(type), timestamp: Timestamp, data });

export const SignalDetectedEvent = envelope('signal.detected', SignalDetectedData).meta({ id: 'SignalDetectedEvent' });
export const ResearchCompleteEvent = envelope('research.complete', ResearchCompleteData).meta({
  id: 'ResearchCompleteEvent',
});
export const ResearchFailedEvent = envelope('research.failed', ResearchFailedData).meta({ id: 'ResearchFailedEvent' });

/** Envelope of every webhook delivery: `{type, timestamp, data}`. */
export const WebhookEvent = z
  .discriminatedUnion('type', [SignalDetectedEvent, ResearchCompleteEvent, ResearchFailedEvent])
  .meta({ id: 'WebhookEvent' });
export type WebhookEvent = z.infer<typeof WebhookEvent>;
export type WebhookEventOf<T extends EventType> = Extract<WebhookEvent, { type: T }>;
