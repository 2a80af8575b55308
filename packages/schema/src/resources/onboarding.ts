import { z } from 'zod';
import { HttpUrl, nonEmpty, Timestamp, text, Uuid } from '../common.js';

/** Body of `POST /api/onboarding/complete`: an object with no properties. Additional properties are rejected. */
export const CompleteOnboardingBody = z.strictObject({}).meta({ id: 'CompleteOnboardingBody' });

export const OnboardingResult = z
  .object({
    onboardingCompleted: z.boolean(),
    destination: text(2048),
    warmedInboxesAllocated: z.number().min(0).max(1000).optional(),
  })
  .meta({ id: 'OnboardingResult' });

/** Body of the onboarding-context write (extension). A new context supersedes the previous one. */
export const OnboardingContextBody = z
  .object({
    company_name: nonEmpty(200),
    website: HttpUrl.optional(),
    goals: z.array(nonEmpty(200)).max(10).default([]),
    confirmed: z.boolean(),
  })
  .meta({ id: 'OnboardingContextBody' });

export const OnboardingContext = z
  .object({
    id: Uuid,
    company_name: text(200),
    website: HttpUrl.nullable(),
    goals: z.array(text(200)).max(10),
    confirmed: z.boolean(),
    created_at: Timestamp,
  })
  .meta({ id: 'OnboardingContext' });
export const OnboardingContextEnvelope = z
  .object({ context: OnboardingContext })
  .meta({ id: 'OnboardingContextEnvelope' });
