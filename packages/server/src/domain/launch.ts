import { SENDABLE_NODE_TYPES } from '@outbound/schema';
import { and, count, eq, gte, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { campaigns, leads, sends } from '../db/schema.js';
import { tx } from '../db/tx.js';
import { uuid } from '../lib/crypto.js';
import { HttpError } from '../lib/http-error.js';
import { type CampaignRow, campaignView, nodesOf, ownedCampaign, sendersOf, setStatus } from './campaigns.js';
import { canSend } from './sender-accounts.js';

/** Placeholders a message may use, besides the custom fields every recipient has. */
export const STANDARD_FIELDS = [
  'first_name',
  'last_name',
  'full_name',
  'company',
  'title',
  'email',
  'linkedin_url',
  'sender_first_name',
  'sender_last_name',
  'sender_name',
] as const;

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** Placeholder names of a text, and whether it has a broken one (`{{` without `}}`). */
export function placeholders(text: string): { names: string[]; broken: boolean } {
  const names = [...text.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '');
  const stripped = text.replace(PLACEHOLDER, '');
  return { names, broken: stripped.includes('{{') || stripped.includes('}}') };
}

const WEEK_MS = 7 * 86_400_000;

/**
 * The readiness checks of a draft, in the spec's order. Each failure is a 400 whose message
 * names the blocker.
 */
export async function checkReadiness(ctx: AppContext, c: CampaignRow): Promise<void> {
  // 1. status is draft (a launch already running is a 409).
  if (c.status === 'launching') throw new HttpError(409, 'A launch of this campaign is already running');
  if (c.status !== 'draft')
    throw new HttpError(400, `Not ready: the campaign is ${c.status}, only a draft can be launched`);
  // 2. pending recipients total is greater than zero.
  const pending =
    ctx.db
      .select({ n: count() })
      .from(leads)
      .where(and(eq(leads.campaignId, c.id), eq(leads.status, 'pending')))
      .get()?.n ?? 0;
  if (pending === 0)
    throw new HttpError(400, 'Not ready: the campaign has no pending recipients; add recipients first');
  // 3. at least one sender account is attached.
  const senders = sendersOf(ctx.db, c.id);
  if (senders.length === 0) throw new HttpError(400, 'Not ready: no sender account is attached to the campaign');
  // 4. every sendable node has content and no unresolved personalization placeholder.
  const nodes = nodesOf(ctx.db, c.id);
  const sendable = nodes.filter((n) => (SENDABLE_NODE_TYPES as readonly string[]).includes(n.type));
  if (sendable.length === 0) throw new HttpError(400, 'Not ready: the sequence has no step that sends anything');
  for (const n of sendable) {
    const needsBody = n.type !== 'connection_request' || n.includeMessage === true;
    const where = `step ${n.position + 1} (${n.type})`;
    if (needsBody && !n.body?.trim()) throw new HttpError(400, `Not ready: ${where} has no content`);
    if (n.type === 'email' && !n.isReply && !n.subject?.trim())
      throw new HttpError(400, `Not ready: ${where} has no subject`);
    for (const text of [n.subject ?? '', n.body ?? '']) {
      const p = placeholders(text);
      if (p.broken) throw new HttpError(400, `Not ready: ${where} has a malformed placeholder`);
      const unknown = p.names.find(
        (name) => !(STANDARD_FIELDS as readonly string[]).includes(name) && !onEveryPendingLead(ctx, c.id, name),
      );
      if (unknown !== undefined)
        throw new HttpError(400, `Not ready: ${where} uses {{${unknown}}}, which no recipient field resolves`);
    }
  }
  // 5. email: senders are active and have a configured sending inbox.
  // 6. social network: the connected account resolves through the sending backend.
  for (const a of senders) {
    if (c.type === 'email') {
      if (!canSend(a))
        throw new HttpError(400, `Not ready: sender ${a.emailAddress ?? a.id} is ${a.status}, not active`);
      if (!a.mailboxProviderInboxId)
        throw new HttpError(400, `Not ready: sender ${a.emailAddress ?? a.id} has no sending inbox`);
    } else {
      if (!canSend(a))
        throw new HttpError(400, `Not ready: sender ${a.displayName ?? a.id} is ${a.status}, not connected`);
      try {
        await ctx.providers.socialnet.fetchProfile(a.providerAccountId ?? '');
      } catch {
        throw new HttpError(
          400,
          `Not ready: sender ${a.displayName ?? a.id} does not resolve through the sending backend; reconnect it`,
        );
      }
    }
  }
}

/** Whether every pending recipient has the custom field `name` (one indexed query, no rows loaded). */
function onEveryPendingLead(ctx: AppContext, campaignId: string, name: string): boolean {
  if (!/^[A-Za-z0-9_]{1,64}$/.test(name)) return false;
  const missing = ctx.db
    .select({ n: count() })
    .from(leads)
    .where(
      and(
        eq(leads.campaignId, campaignId),
        eq(leads.status, 'pending'),
        sql`json_extract(${leads.customFields}, ${`$.${name}`}) IS NULL`,
      ),
    )
    .get()?.n;
  return missing === 0;
}

/** Remaining weekly capacity of each social-network sender. */
function senderSafety(ctx: AppContext, c: CampaignRow, now: number) {
  const senders = sendersOf(ctx.db, c.id);
  const rows = senders.map((a) => {
    const usage = ctx.db
      .select({ kind: sends.kind, n: count() })
      .from(sends)
      .where(and(eq(sends.accountId, a.id), gte(sends.createdAt, now - WEEK_MS)))
      .groupBy(sends.kind)
      .all();
    const used = (k: string) => usage.find((u) => u.kind === k)?.n ?? 0;
    const connLimit = a.weeklyConnectionLimit ?? 0;
    const msgLimit = a.weeklyMessageLimit ?? 0;
    return {
      account_id: a.id,
      weekly_connection_limit: connLimit,
      weekly_message_limit: msgLimit,
      connections_sent_this_week: used('connection_request'),
      messages_sent_this_week: used('message'),
      remaining_connections: Math.max(0, connLimit - used('connection_request')),
      remaining_messages: Math.max(0, msgLimit - used('message')),
    };
  });
  return {
    senders: rows,
    total_remaining_connections: rows.reduce((s, r) => s + r.remaining_connections, 0),
    total_remaining_messages: rows.reduce((s, r) => s + r.remaining_messages, 0),
  };
}

/**
 * Launch: readiness, then draft → launching by compare-and-swap, stats.total set, recipients that
 * cannot be reached on the channel skipped, and the background run queued — all in one
 * transaction. A second concurrent launch gets 409.
 */
export async function launchCampaign(ctx: AppContext, userId: string, id: string) {
  const c = ownedCampaign(ctx.db, userId, id);
  await checkReadiness(ctx, c);
  const now = ctx.clock.now();
  const runId = uuid();
  const result = tx(ctx.db, (t) => {
    const moved = t
      .update(campaigns)
      .set({ status: 'launching', updatedAt: now, launchRunId: runId })
      .where(and(eq(campaigns.id, id), eq(campaigns.status, 'draft')))
      .returning()
      .get();
    if (!moved) throw new HttpError(409, 'A launch of this campaign is already running');
    const unreachable = t
      .select({ id: leads.id })
      .from(leads)
      .where(
        and(
          eq(leads.campaignId, id),
          eq(leads.status, 'pending'),
          c.type === 'email' ? sql`${leads.email} IS NULL` : sql`${leads.linkedinUrl} IS NULL`,
        ),
      )
      .all();
    if (unreachable.length) {
      t.update(leads)
        .set({ status: 'skipped', updatedAt: now })
        .where(
          inArray(
            leads.id,
            unreachable.map((u) => u.id),
          ),
        )
        .run();
    }
    const total =
      t
        .select({ n: count() })
        .from(leads)
        .where(and(eq(leads.campaignId, id), eq(leads.status, 'pending')))
        .get()?.n ?? 0;
    t.update(campaigns).set({ statTotal: total }).where(eq(campaigns.id, id)).run();
    // Keyed by campaign id and updated_at: a retried enqueue of this launch is a no-op.
    ctx.runner.enqueue(t, {
      type: 'campaign.launch',
      payload: { campaignId: id, runId },
      idempotencyKey: `launch:${id}:${c.updatedAt}`,
    });
    return { total, skipped: unreachable.map((u) => u.id) };
  });
  return {
    success: true as const,
    message: 'Campaign launch started' as const,
    runId,
    prospectsToProcess: result.total,
    ...(result.skipped.length
      ? {
          skippedProspects: result.skipped.map((lead_id) => ({
            lead_id,
            reason: c.type === 'email' ? 'no email address' : 'no social-network profile URL',
          })),
          skippedCount: result.skipped.length,
          warnings: [`${result.skipped.length} recipients cannot be reached on the ${c.type} channel and were skipped`],
        }
      : {}),
    ...(c.type === 'socialnet' ? { linkedinSenderSafety: senderSafety(ctx, c, now) } : {}),
  };
}

/**
 * The background run of a launch: every pending recipient is prepared (sender assigned, due now),
 * then the campaign moves to active and sending starts. Any failure rolls the run back and restores
 * the draft.
 */
export function runLaunch(ctx: AppContext, payload: { campaignId: string; runId: string }): void {
  const now = ctx.clock.now();
  try {
    tx(ctx.db, (t) => {
      const c = t.select().from(campaigns).where(eq(campaigns.id, payload.campaignId)).get();
      if (c?.status !== 'launching' || c.launchRunId !== payload.runId) return;
      const senders = sendersOf(t, c.id).filter(canSend);
      if (senders.length === 0) throw new Error('no sender can send');
      // One statement for every recipient: senders are dealt round-robin by insertion order.
      const dealt = sql.join(
        senders.map((a, i) => sql`WHEN ${i} THEN ${a.id}`),
        sql` `,
      );
      t.run(sql`UPDATE leads SET status = 'in_progress', current_position = 0, next_run_at = ${now}, updated_at = ${now},
        sender_account_id = CASE (rowid % ${senders.length}) ${dealt} END
        WHERE campaign_id = ${c.id} AND status = 'pending'`);
      if (!setStatus(t, c.id, 'launching', 'active', now)) throw new Error('campaign left launching during its launch');
      t.update(campaigns).set({ launchedAt: now }).where(eq(campaigns.id, c.id)).run();
      ctx.runner.enqueue(t, {
        type: 'campaign.dispatch',
        payload: { campaignId: c.id },
        idempotencyKey: `dispatch:${c.id}:${now}`,
      });
    });
  } catch (error) {
    ctx.logger.error(
      { err: String(error), campaignId: payload.campaignId },
      'launch failed; campaign restored to draft',
    );
    tx(ctx.db, (t) => {
      setStatus(t, payload.campaignId, 'launching', 'draft', now);
    });
  }
}

export function pauseCampaign(ctx: AppContext, userId: string, id: string) {
  const row = tx(ctx.db, (t) => {
    const c = ownedCampaign(t, userId, id);
    const moved = setStatus(t, id, 'active', 'paused', ctx.clock.now());
    if (!moved) throw new HttpError(409, `Only an active campaign can be paused (it is ${c.status})`);
    return moved;
  });
  return { campaign: campaignView(ctx.db, row) };
}

export function resumeCampaign(ctx: AppContext, userId: string, id: string) {
  const now = ctx.clock.now();
  const row = tx(ctx.db, (t) => {
    const c = ownedCampaign(t, userId, id);
    const moved = setStatus(t, id, 'paused', 'active', now);
    if (!moved) throw new HttpError(409, `Only a paused campaign can be resumed (it is ${c.status})`);
    ctx.runner.enqueue(t, {
      type: 'campaign.dispatch',
      payload: { campaignId: id },
      idempotencyKey: `dispatch:${id}:resume:${now}`,
    });
    return moved;
  });
  return { campaign: campaignView(ctx.db, row) };
}
