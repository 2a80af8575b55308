import { z } from 'zod';
import { HttpUrl, nonEmpty, Timestamp, text, Uuid } from '../common.js';
import { LIMITS } from '../limits.js';
import { tryNormalizeLinkedInUrl } from '../linkedin.js';

export const ResearchStatus = z.enum(['idle', 'running', 'complete', 'failed']).meta({ id: 'ResearchStatus' });
export type ResearchStatus = z.infer<typeof ResearchStatus>;

export const ResearchPerson = z
  .object({
    id: Uuid,
    user_id: Uuid.nullable(),
    first_name: text(LIMITS.researchName.max),
    last_name: text(LIMITS.researchName.max),
    linkedin_url: HttpUrl.meta({ description: 'Normalised to https://www.linkedin.com/in/<slug>.' }),
    role: text(300).nullable(),
    company: text(300).nullable(),
    company_domain: text(253).nullable(),
    photo_url: HttpUrl.nullable(),
    status: ResearchStatus,
    last_enriched_at: Timestamp.nullable(),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: 'ResearchPerson' });
export type ResearchPerson = z.infer<typeof ResearchPerson>;

/**
 * The research report. Its shape evolves, so it is parsed leniently: the named fields are
 * typed when present and every unknown field is kept.
 */
export const ResearchReport = z
  .looseObject({
    summary: text(20_000).optional(),
    icp_score: z.number().min(0).max(100).optional(),
    background: z.unknown().optional(),
    company_intelligence: z.unknown().optional(),
    outreach_angles: z.unknown().optional(),
    sources: z.unknown().optional(),
  })
  .meta({ id: 'ResearchReport' });
export type ResearchReport = z.infer<typeof ResearchReport>;

/** Body of `POST /api/v1/research`. All three fields are required. */
export const SubmitResearchBody = z
  .object({
    first_name: nonEmpty(LIMITS.researchName.max),
    last_name: nonEmpty(LIMITS.researchName.max),
    linkedin_url: text(2048)
      .refine((u) => u.toLowerCase().includes(LIMITS.researchLinkedInFragment), {
        message: `must contain ${LIMITS.researchLinkedInFragment}`,
        abort: true,
      })
      .refine((u) => tryNormalizeLinkedInUrl(u) !== null, 'must be a profile URL of the form linkedin.com/in/<slug>'),
  })
  .meta({ id: 'SubmitResearchBody' });
export type SubmitResearchBody = z.input<typeof SubmitResearchBody>;

/** Envelope of the research submit and the get-research operation. */
export const ResearchEnvelope = z
  .object({
    person: ResearchPerson,
    status: ResearchStatus,
    report: ResearchReport.nullable(),
    change_summary: text(5000)
      .nullable()
      .meta({ description: 'Null on the first version or when there is no report.' }),
  })
  .meta({ id: 'ResearchEnvelope' });
export type ResearchEnvelope = z.infer<typeof ResearchEnvelope>;
