import { BILLABLE_ACTIONS, type BillableAction, DOLLARS_PER_CREDIT } from '@outbound/schema';
import type { AppContext } from '../context.js';
import { HttpError } from '../lib/http-error.js';

/** Credits per unit of each billable action. */
export const PRICES: Record<BillableAction, number> = {
  FIND_PERSON: 1,
  IMPORT_LEAD: 1,
  EMAIL_LOOKUP: 2,
  PHONE_LOOKUP: 10,
  LINKEDIN_PROFILE: 1,
  LINKEDIN_POSTS: 2,
  COMPANY_NEWS: 2,
  PERSON_NEWS: 2,
  HIRING_STATUS: 2,
  WEBSITE_ENRICHMENT: 2,
  SITE_CRAWL_ENRICHMENT: 5,
  CUSTOM_ENRICHMENT_AI: 3,
  CUSTOM_ENRICHMENT_WEB: 5,
  DEEP_RESEARCH: 25,
  AI_MESSAGE_GENERATION: 1,
  AGENT_SEARCH: 10,
  SEARCH_CONTINUE: 0,
};

export function creditsConfig() {
  return {
    prices: BILLABLE_ACTIONS.map((action) => ({ action, credits_per_unit: PRICES[action] })),
    dollars_per_credit: DOLLARS_PER_CREDIT,
  };
}

type Owner = { userId: string } | { partnerId: string };

/** The balance, or null when the billing provider cannot be reached (outages never block). */
async function balanceOrNull(ctx: AppContext, owner: Owner): Promise<number | null> {
  try {
    return await ctx.providers.billing.balance(owner);
  } catch (error) {
    ctx.logger.warn({ err: String(error) }, 'billing provider unreachable; treating credits as sufficient');
    return null;
  }
}

/** Read-only affordability check: deducts nothing and changes no state. */
export async function previewCredits(ctx: AppContext, owner: Owner, action: BillableAction, count: number) {
  const costPerUnit = PRICES[action];
  const totalCredits = costPerUnit * count;
  const balance = await balanceOrNull(ctx, owner);
  return {
    action,
    count,
    costPerUnit,
    totalCredits,
    totalDollars: Math.round(totalCredits * DOLLARS_PER_CREDIT * 100) / 100,
    sufficient: balance === null ? true : balance >= totalCredits,
    balance,
  };
}

/** Guard of a credit-gated operation: 402 when the balance does not cover the cost. */
export async function requireCredits(
  ctx: AppContext,
  owner: Owner,
  action: BillableAction,
  count = 1,
): Promise<number> {
  const preview = await previewCredits(ctx, owner, action, count);
  if (!preview.sufficient) {
    throw new HttpError(
      402,
      `Insufficient credits: ${action} x${count} needs ${preview.totalCredits} credits, balance is ${preview.balance}`,
      { reason: 'insufficient_credits' },
    );
  }
  return preview.totalCredits;
}
