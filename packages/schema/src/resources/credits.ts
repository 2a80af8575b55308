import { z } from 'zod';
import { int } from '../common.js';
import { LIMITS } from '../limits.js';

export const BILLABLE_ACTIONS = [
  'FIND_PERSON',
  'IMPORT_LEAD',
  'EMAIL_LOOKUP',
  'PHONE_LOOKUP',
  'LINKEDIN_PROFILE',
  'LINKEDIN_POSTS',
  'COMPANY_NEWS',
  'PERSON_NEWS',
  'HIRING_STATUS',
  'WEBSITE_ENRICHMENT',
  'SITE_CRAWL_ENRICHMENT',
  'CUSTOM_ENRICHMENT_AI',
  'CUSTOM_ENRICHMENT_WEB',
  'DEEP_RESEARCH',
  'AI_MESSAGE_GENERATION',
  'AGENT_SEARCH',
  'SEARCH_CONTINUE',
] as const;

export const BillableAction = z.enum(BILLABLE_ACTIONS).meta({ id: 'BillableAction' });
export type BillableAction = z.infer<typeof BillableAction>;

/** US dollars per credit, for display. */
export const DOLLARS_PER_CREDIT = 0.05;

/** Highest per-unit price this contract allows, so totals stay within int64. */
export const MAX_CREDITS_PER_UNIT = 1000;
const CostPerUnit = int(0, MAX_CREDITS_PER_UNIT);
const MAX_TOTAL_CREDITS = MAX_CREDITS_PER_UNIT * Number.MAX_SAFE_INTEGER;

export const CreditsConfig = z
  .object({
    prices: z.array(z.object({ action: BillableAction, credits_per_unit: CostPerUnit })).max(BILLABLE_ACTIONS.length),
    dollars_per_credit: z.number().min(0).max(1000),
  })
  .meta({ id: 'CreditsConfig' });

export const CreditPreviewBody = z
  .object({
    action: BillableAction,
    count: int(LIMITS.creditPreviewCount.min, LIMITS.creditPreviewCount.max),
  })
  .meta({ id: 'CreditPreviewBody' });
export type CreditPreviewBody = z.input<typeof CreditPreviewBody>;

/** An integral number of credits; products of price and count may pass 2^53, so it is not a safe integer. */
const Credits = z
  .number()
  .min(0)
  .max(MAX_TOTAL_CREDITS)
  .refine(Number.isInteger, 'must be an integer')
  .meta({ type: 'integer', format: 'int64', minimum: 0, maximum: MAX_TOTAL_CREDITS });

export const CreditPreview = z
  .object({
    action: BillableAction,
    count: CreditPreviewBody.shape.count,
    costPerUnit: CostPerUnit,
    totalCredits: Credits.meta({ description: 'costPerUnit times count.' }),
    totalDollars: z
      .number()
      .min(0)
      .max(MAX_TOTAL_CREDITS)
      .meta({ description: 'About totalCredits times 0.05, for display.' }),
    sufficient: z
      .boolean()
      .meta({ description: 'True when balance covers totalCredits, or when billing is unreachable.' }),
    balance: z
      .number()
      .min(0)
      .max(Number.MAX_VALUE)
      .nullable()
      .meta({ description: 'Null when the billing provider is unreachable.' }),
  })
  .meta({ id: 'CreditPreview' });
export type CreditPreview = z.infer<typeof CreditPreview>;
