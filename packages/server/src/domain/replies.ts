import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { campaigns, leads, sends } from '../db/schema.js';
import { tx } from '../db/tx.js';

/**
 * A reply to a campaign send: counted once per recipient; with `stop_on_reply` (email) the
 * recipient's sequence ends. Answers whether the reply matched a campaign send.
 */
export function recordCampaignReply(
  ctx: AppContext,
  match: { inReplyTo?: string; fromEmail?: string; linkedinUrl?: string; accountId?: string },
): { campaignId: string; userId: string; accountId: string } | undefined {
  const now = ctx.clock.now();
  return tx(ctx.db, (t) => {
    const send = match.inReplyTo
      ? t.select().from(sends).where(eq(sends.providerMessageId, match.inReplyTo)).get()
      : undefined;
    const lead = send
      ? t.select().from(leads).where(eq(leads.id, send.leadId)).get()
      : match.fromEmail
        ? t
            .select()
            .from(leads)
            .where(and(eq(leads.email, match.fromEmail.toLowerCase()), eq(leads.status, 'in_progress')))
            .get()
        : match.linkedinUrl
          ? t
              .select()
              .from(leads)
              .where(
                and(
                  eq(leads.linkedinUrl, match.linkedinUrl),
                  match.accountId ? eq(leads.senderAccountId, match.accountId) : undefined,
                  sql`${leads.status} IN ('in_progress', 'completed')`,
                ),
              )
              .get()
          : undefined;
    if (!lead) return undefined;
    const c = t.select().from(campaigns).where(eq(campaigns.id, lead.campaignId)).get();
    if (!c) return undefined;
    const context = { campaignId: c.id, userId: c.userId, accountId: send?.accountId ?? lead.senderAccountId ?? '' };
    const stop = c.type === 'socialnet' || c.stopOnReply === true;
    const first = t
      .update(leads)
      .set({ repliedAt: now, updatedAt: now })
      .where(and(eq(leads.id, lead.id), isNull(leads.repliedAt)))
      .returning({ id: leads.id })
      .get();
    if (!first) return context;
    if (stop) {
      t.update(leads)
        .set({ status: 'replied', nextRunAt: null })
        .where(and(eq(leads.id, lead.id), eq(leads.status, 'in_progress')))
        .run();
    }
    t.run(sql`UPDATE campaigns SET stat_replied = stat_replied + 1 WHERE id = ${c.id}`);
    return context;
  });
}
