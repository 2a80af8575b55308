import { LeadInput, type LeadStatus, tryNormalizeLinkedInUrl } from '@outbound/schema';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import { leads } from '../db/schema.js';
import { tx } from '../db/tx.js';
import { uuid } from '../lib/crypto.js';
import { HttpError } from '../lib/http-error.js';
import { offsetOf, pageInfo } from '../lib/page.js';
import { iso, isoOrNull } from '../lib/time.js';
import { ownedCampaign } from './campaigns.js';

type LeadRow = typeof leads.$inferSelect;

export function leadView(l: LeadRow) {
  return {
    id: l.id,
    campaign_id: l.campaignId,
    email: l.email,
    linkedin_url: l.linkedinUrl,
    first_name: l.firstName,
    last_name: l.lastName,
    company: l.company,
    title: l.title,
    status: l.status,
    current_position: l.currentPosition,
    next_run_at: isoOrNull(l.nextRunAt),
    created_at: iso(l.createdAt),
  };
}

/**
 * Adds recipients in bulk. Each row is checked on its own: valid rows are added, rows that fail are
 * reported with their index and field, and rows already in the campaign count as duplicates.
 */
export function addLeads(ctx: AppContext, userId: string, campaignId: string, rows: unknown[]) {
  const now = ctx.clock.now();
  return tx(ctx.db, (t) => {
    const c = ownedCampaign(t, userId, campaignId);
    if (c.status === 'launching' || c.status === 'completed') {
      throw new HttpError(409, `Recipients cannot be added while the campaign is ${c.status}`);
    }
    const rejected: { index: number; field: string | null; error: string }[] = [];
    let added = 0;
    let duplicates = 0;
    rows.forEach((raw, index) => {
      const parsed = LeadInput.safeParse(raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const field = issue?.path.length ? issue.path.join('.') : null;
        rejected.push({ index, field, error: `${field ? `${field}: ` : ''}${issue?.message ?? 'invalid row'}` });
        return;
      }
      const row: z.infer<typeof LeadInput> = parsed.data;
      const linkedin = row.linkedin_url === undefined ? null : tryNormalizeLinkedInUrl(row.linkedin_url);
      if (row.linkedin_url !== undefined && linkedin === null) {
        rejected.push({
          index,
          field: 'linkedin_url',
          error: 'linkedin_url: must be a profile URL of the form linkedin.com/in/<slug>',
        });
        return;
      }
      if (c.type === 'email' && !row.email) {
        rejected.push({ index, field: 'email', error: 'email: an email campaign needs an email address' });
        return;
      }
      if (c.type === 'socialnet' && !linkedin) {
        rejected.push({
          index,
          field: 'linkedin_url',
          error: 'linkedin_url: a social-network campaign needs a profile URL',
        });
        return;
      }
      const inserted = t
        .insert(leads)
        .values({
          id: uuid(),
          campaignId,
          email: row.email?.toLowerCase() ?? null,
          linkedinUrl: linkedin,
          firstName: row.first_name ?? null,
          lastName: row.last_name ?? null,
          company: row.company ?? null,
          title: row.title ?? null,
          customFields: row.custom_fields ?? {},
          status: c.status === 'draft' ? 'pending' : 'in_progress',
          nextRunAt: c.status === 'draft' ? null : now,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: leads.id })
        .get();
      if (inserted) added++;
      else duplicates++;
    });
    if (added > 0 && c.status !== 'draft') {
      t.run(sql`UPDATE campaigns SET stat_total = stat_total + ${added} WHERE id = ${campaignId}`);
    }
    const total =
      t.select({ n: sql<number>`count(*)` }).from(leads).where(eq(leads.campaignId, campaignId)).get()?.n ?? 0;
    return { added, duplicates, rejected, total };
  });
}

export function listLeads(
  ctx: AppContext,
  userId: string,
  campaignId: string,
  q: { status?: LeadStatus; page: number; limit: number },
) {
  ownedCampaign(ctx.db, userId, campaignId);
  const where = q.status
    ? and(eq(leads.campaignId, campaignId), eq(leads.status, q.status))
    : eq(leads.campaignId, campaignId);
  const total = ctx.db.select({ n: sql<number>`count(*)` }).from(leads).where(where).get()?.n ?? 0;
  const rows = ctx.db
    .select()
    .from(leads)
    .where(where)
    .orderBy(asc(leads.createdAt), sql`${leads}.rowid`)
    .limit(q.limit)
    .offset(offsetOf(q))
    .all();
  return { leads: rows.map(leadView), ...pageInfo(total, q) };
}
