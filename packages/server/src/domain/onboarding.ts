import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { onboardingContexts, senderAccounts, users } from '../db/schema.js';
import { tx } from '../db/tx.js';
import { uuid } from '../lib/crypto.js';
import { HttpError } from '../lib/http-error.js';
import { iso } from '../lib/time.js';
import { BillingUnavailableError } from '../providers/billing.js';

type Row = typeof onboardingContexts.$inferSelect;

/** Where the dashboard sends a person after onboarding: create a search in Lead Finder. */
export const ONBOARDING_DESTINATION = '/lead-finder';

export function contextView(r: Row) {
  return {
    id: r.id,
    company_name: r.companyName,
    website: r.website,
    goals: r.goals,
    confirmed: r.confirmed,
    created_at: iso(r.createdAt),
  };
}

/** Writes a new onboarding context; the previous one is superseded. */
export function putOnboardingContext(
  ctx: AppContext,
  userId: string,
  body: { company_name: string; website?: string; goals: string[]; confirmed: boolean },
) {
  const now = ctx.clock.now();
  const row = tx(ctx.db, (t) => {
    t.update(onboardingContexts)
      .set({ supersededAt: now })
      .where(and(eq(onboardingContexts.userId, userId), isNull(onboardingContexts.supersededAt)))
      .run();
    return t
      .insert(onboardingContexts)
      .values({
        id: uuid(),
        userId,
        companyName: body.company_name,
        website: body.website ?? null,
        goals: body.goals,
        confirmed: body.confirmed,
        createdAt: now,
      })
      .returning()
      .get();
  });
  return { context: contextView(row) };
}

/**
 * Completes onboarding: needs the current context to be confirmed (409), an active plan (402;
 * 503 when it cannot be verified), and no newer context written meanwhile (409 superseded).
 */
export async function completeOnboarding(ctx: AppContext, userId: string) {
  const current = ctx.db
    .select()
    .from(onboardingContexts)
    .where(and(eq(onboardingContexts.userId, userId), isNull(onboardingContexts.supersededAt)))
    .orderBy(desc(onboardingContexts.createdAt))
    .get();
  if (!current) throw new HttpError(404, 'Missing onboarding session: write the onboarding context first');
  if (!current.confirmed) throw new HttpError(409, 'Onboarding context is not confirmed');

  let plan: 'active' | 'none';
  try {
    plan = await ctx.providers.billing.planState(userId);
  } catch (error) {
    if (error instanceof BillingUnavailableError) {
      throw new HttpError(503, 'Plan verification is temporarily unavailable: try again shortly', {
        headers: { 'Retry-After': '30' },
      });
    }
    throw error;
  }
  if (plan !== 'active') throw new HttpError(402, 'Active plan required to complete onboarding');

  const now = ctx.clock.now();
  tx(ctx.db, (t) => {
    const still = t
      .update(onboardingContexts)
      .set({ completedAt: sql`coalesce(${onboardingContexts.completedAt}, ${now})` })
      .where(and(eq(onboardingContexts.id, current.id), isNull(onboardingContexts.supersededAt)))
      .returning({ id: onboardingContexts.id })
      .get();
    if (!still) throw new HttpError(409, 'Onboarding context was superseded by a newer one: confirm it and retry');
    t.update(users).set({ onboardingCompleted: true, updatedAt: now }).where(eq(users.id, userId)).run();
  });
  const warmed = ctx.db
    .select({ n: sql<number>`count(*)` })
    .from(senderAccounts)
    .where(
      and(
        eq(senderAccounts.userId, userId),
        eq(senderAccounts.type, 'email'),
        eq(senderAccounts.warmupStatus, 'active'),
      ),
    )
    .get();
  return { onboardingCompleted: true, destination: ONBOARDING_DESTINATION, warmedInboxesAllocated: warmed?.n ?? 0 };
}
