import { delayTotalMinutes } from '@outbound/schema';
import { and, asc, count, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { campaigns, leads, type senderAccounts, sends, type sequenceNodes } from '../db/schema.js';
import { tx } from '../db/tx.js';
import { uuid } from '../lib/crypto.js';
import { insideHours, nextOpening, startOfLocalDay } from '../lib/hours.js';
import { textToHtml } from '../lib/html.js';
import { type CampaignRow, nodesOf, sendersOf, setStatus } from './campaigns.js';
import { canSend } from './sender-accounts.js';

type LeadRow = typeof leads.$inferSelect;
type NodeRow = typeof sequenceNodes.$inferSelect;
type Account = typeof senderAccounts.$inferSelect;

/** A connection request not accepted within this time times the recipient out. */
export const CONNECTION_TIMEOUT_MS = 14 * 86_400_000;
/** How often a pending connection is checked again. */
export const CONNECTION_RECHECK_MS = 3_600_000;
/** A failed provider call is tried again after this long. */
export const SEND_RETRY_MS = 5 * 60_000;
const WEEK_MS = 7 * 86_400_000;

/** Text with placeholders filled from the recipient and the sender. */
export function personalize(text: string, lead: LeadRow, sender: Account): string {
  const values: Record<string, string> = {
    first_name: lead.firstName ?? '',
    last_name: lead.lastName ?? '',
    full_name: [lead.firstName, lead.lastName].filter(Boolean).join(' '),
    company: lead.company ?? '',
    title: lead.title ?? '',
    email: lead.email ?? '',
    linkedin_url: lead.linkedinUrl ?? '',
    sender_first_name: sender.firstName ?? '',
    sender_last_name: sender.lastName ?? '',
    sender_name: sender.displayName ?? '',
    ...lead.customFields,
  };
  return text.replace(/\{\{\s*([^{}]*?)\s*\}\}/g, (_m, name: string) => values[name] ?? '');
}

/** What each sender may still send, and what the campaign may still send today. */
interface Budget {
  campaignLeft: number;
  perSender: Map<string, { left: number; connections: number; messages: number }>;
}

function budget(ctx: AppContext, c: CampaignRow, senders: Account[], now: number): Budget {
  const db = ctx.db;
  const dayStart = startOfLocalDay(now, c.operatingHours?.timezone ?? 'UTC');
  const sentSince = (where: ReturnType<typeof and>) => db.select({ n: count() }).from(sends).where(where).get()?.n ?? 0;
  const campaignLeft =
    c.type === 'email'
      ? (c.dailyLimit ?? 50) - sentSince(and(eq(sends.campaignId, c.id), gte(sends.createdAt, dayStart)))
      : Number.POSITIVE_INFINITY;
  const perSender = new Map<string, { left: number; connections: number; messages: number }>();
  for (const a of senders) {
    if (!canSend(a)) {
      perSender.set(a.id, { left: 0, connections: 0, messages: 0 });
      continue;
    }
    if (c.type === 'email') {
      const campaignCap = c.accountLimits.find((l) => l.account_id === a.id)?.daily_limit ?? Number.POSITIVE_INFINITY;
      const inCampaign = sentSince(
        and(eq(sends.campaignId, c.id), eq(sends.accountId, a.id), gte(sends.createdAt, dayStart)),
      );
      const overall = sentSince(and(eq(sends.accountId, a.id), gte(sends.createdAt, dayStart)));
      const left = Math.min(campaignCap - inCampaign, (a.dailyLimit ?? Number.POSITIVE_INFINITY) - overall);
      perSender.set(a.id, { left: Math.min(1, Math.max(0, left)), connections: 0, messages: 0 });
    } else {
      const weekly = (kind: 'connection_request' | 'message') =>
        sentSince(and(eq(sends.accountId, a.id), eq(sends.kind, kind), gte(sends.createdAt, now - WEEK_MS)));
      perSender.set(a.id, {
        left: 1,
        connections: Math.max(0, (a.weeklyConnectionLimit ?? 0) - weekly('connection_request')),
        messages: Math.max(0, (a.weeklyMessageLimit ?? 0) - weekly('message')),
      });
    }
  }
  return { campaignLeft, perSender };
}

const statColumn = {
  email: 'stat_sent',
  connection_request: 'stat_connection_sent',
  message: 'stat_message_sent',
} as const;

/**
 * One dispatch run of an active campaign: every recipient that is due takes its next step, within
 * the operating hours, the daily and weekly limits, and one send per sender per run (so sends are
 * spread out, not bursts). Then the next run is queued, or the campaign completes.
 */
export async function dispatch(ctx: AppContext, campaignId: string): Promise<void> {
  const now = ctx.clock.now();
  const c = ctx.db.select().from(campaigns).where(eq(campaigns.id, campaignId)).get();
  if (c?.status !== 'active') return;
  if (c.operatingHours && !insideHours(now, c.operatingHours)) {
    const open = nextOpening(now, c.operatingHours);
    if (open !== undefined) schedule(ctx, c.id, open);
    return;
  }
  const nodes = nodesOf(ctx.db, c.id);
  const senders = sendersOf(ctx.db, c.id);
  const b = budget(ctx, c, senders, now);
  const due = ctx.db
    .select()
    .from(leads)
    .where(and(eq(leads.campaignId, c.id), eq(leads.status, 'in_progress'), lte(leads.nextRunAt, now)))
    .orderBy(asc(leads.nextRunAt), sql`${leads}.rowid`)
    .limit(500)
    .all();
  for (const lead of due) {
    // No send starts once the campaign has left `active` (paused mid-run).
    const status = ctx.db.select({ s: campaigns.status }).from(campaigns).where(eq(campaigns.id, c.id)).get()?.s;
    if (status !== 'active') return;
    await step(ctx, c, nodes, senders, lead, b, now);
  }
  finishRun(ctx, c.id, now);
}

function schedule(ctx: AppContext, campaignId: string, at: number): void {
  ctx.runner.enqueue(ctx.db, {
    type: 'campaign.dispatch',
    payload: { campaignId },
    runAt: at,
    idempotencyKey: `dispatch:${campaignId}:${at}`,
  });
}

function finishRun(ctx: AppContext, campaignId: string, now: number): void {
  const open = ctx.db
    .select({ n: count(), next: sql<number | null>`min(${leads.nextRunAt})` })
    .from(leads)
    .where(and(eq(leads.campaignId, campaignId), inArray(leads.status, ['pending', 'in_progress'])))
    .get();
  if (!open || open.n === 0) {
    tx(ctx.db, (t) => setStatus(t, campaignId, 'active', 'completed', now));
    return;
  }
  const tick = ctx.config.campaignTickMs;
  schedule(ctx, campaignId, Math.max(now + tick, open.next ?? now + tick));
}

async function step(
  ctx: AppContext,
  c: CampaignRow,
  nodes: NodeRow[],
  senders: Account[],
  start: LeadRow,
  b: Budget,
  now: number,
) {
  let lead = start;
  for (let hops = 0; hops <= nodes.length; hops++) {
    const node = nodes[lead.currentPosition];
    if (!node || node.type === 'end') return finishLead(ctx, c.id, lead.id, 'completed', now);
    if (node.type === 'delay') {
      const wait =
        delayTotalMinutes({
          delay_days: node.delayDays,
          delay_hours: node.delayHours,
          delay_minutes: node.delayMinutes,
        }) * 60_000;
      advance(ctx, lead.id, lead.currentPosition, now + wait, now);
      return;
    }
    if (node.type === 'ai') {
      advance(ctx, lead.id, lead.currentPosition, now, now);
      lead = { ...lead, currentPosition: lead.currentPosition + 1 };
      continue;
    }
    const sender = senders.find((s) => s.id === lead.senderAccountId && canSend(s)) ?? senders.find(canSend);
    if (!sender) return;
    if (c.type === 'socialnet' && node.type === 'message' && !(await connected(ctx, c, lead, sender, now))) return;
    const kind = node.type as 'email' | 'connection_request' | 'message';
    const cap = b.perSender.get(sender.id);
    if (!cap || cap.left <= 0 || b.campaignLeft <= 0) return;
    if (kind === 'connection_request' && cap.connections <= 0) return;
    if (kind === 'message' && cap.messages <= 0) return;
    const sent = await send(ctx, c, node, kind, sender, lead, now);
    if (sent) {
      cap.left--;
      b.campaignLeft--;
      if (kind === 'connection_request') cap.connections--;
      if (kind === 'message') cap.messages--;
    }
    return;
  }
}

function advance(ctx: AppContext, leadId: string, from: number, nextRunAt: number, now: number): void {
  ctx.db
    .update(leads)
    .set({ currentPosition: from + 1, nextRunAt, updatedAt: now })
    .where(and(eq(leads.id, leadId), eq(leads.currentPosition, from)))
    .run();
}

function finishLead(
  ctx: AppContext,
  campaignId: string,
  leadId: string,
  status: 'completed' | 'timed_out' | 'bounced',
  now: number,
) {
  tx(ctx.db, (t) => {
    const done = t
      .update(leads)
      .set({ status, nextRunAt: null, updatedAt: now })
      .where(and(eq(leads.id, leadId), eq(leads.status, 'in_progress')))
      .returning({ id: leads.id })
      .get();
    if (!done) return;
    const col = status === 'completed' ? 'stat_completed' : status === 'timed_out' ? 'stat_timed_out' : 'stat_bounced';
    t.run(sql`UPDATE campaigns SET ${sql.raw(col)} = ${sql.raw(col)} + 1 WHERE id = ${campaignId}`);
  });
}

/** A message to a social-network recipient waits for the connection; it times out after 14 days. */
async function connected(
  ctx: AppContext,
  c: CampaignRow,
  lead: LeadRow,
  sender: Account,
  now: number,
): Promise<boolean> {
  if (lead.connectedAt !== null) return true;
  const accepted = await ctx.providers.socialnet.isConnected(sender.providerAccountId ?? '', lead.linkedinUrl ?? '');
  if (accepted) {
    tx(ctx.db, (t) => {
      const first = t
        .update(leads)
        .set({ connectedAt: now })
        .where(and(eq(leads.id, lead.id), isNull(leads.connectedAt)))
        .returning({ id: leads.id })
        .get();
      if (first) t.run(sql`UPDATE campaigns SET stat_connected = stat_connected + 1 WHERE id = ${c.id}`);
    });
    return true;
  }
  const requested = ctx.db
    .select({ at: sends.createdAt })
    .from(sends)
    .where(and(eq(sends.leadId, lead.id), eq(sends.kind, 'connection_request')))
    .get()?.at;
  if (requested !== undefined && now - requested >= CONNECTION_TIMEOUT_MS)
    finishLead(ctx, c.id, lead.id, 'timed_out', now);
  else
    ctx.db
      .update(leads)
      .set({ nextRunAt: now + CONNECTION_RECHECK_MS })
      .where(eq(leads.id, lead.id))
      .run();
  return false;
}

/**
 * Sends one step through the outbox: the send row is written first, the provider is called with
 * the row id as its idempotency key, then the row, the counters and the recipient move together.
 * After a crash at any point the step is never sent twice and never lost.
 */
async function send(
  ctx: AppContext,
  c: CampaignRow,
  node: NodeRow,
  kind: 'email' | 'connection_request' | 'message',
  sender: Account,
  lead: LeadRow,
  now: number,
): Promise<boolean> {
  const row = tx(ctx.db, (t) => {
    const existing = t
      .select()
      .from(sends)
      .where(and(eq(sends.leadId, lead.id), eq(sends.nodeId, node.id)))
      .get();
    if (existing) return existing;
    return t
      .insert(sends)
      .values({
        id: uuid(),
        campaignId: c.id,
        leadId: lead.id,
        nodeId: node.id,
        accountId: sender.id,
        kind,
        status: 'sending',
        createdAt: now,
      })
      .returning()
      .get();
  });
  if (row.status === 'sent' || row.status === 'bounced') {
    // Done before a crash: only the recipient's move was lost.
    advance(ctx, lead.id, lead.currentPosition, now, now);
    return false;
  }
  let result: { messageId: string; bounced?: boolean };
  try {
    const body = personalize(node.body ?? '', lead, sender);
    if (kind === 'email') {
      const text = c.signature ? `${body}\n\n${c.signature}` : body;
      result = await ctx.providers.mail.send({
        id: row.id,
        from: sender.emailAddress ?? '',
        to: [lead.email ?? ''],
        subject: personalize(node.subject ?? '', lead, sender),
        text,
        html: textToHtml(text),
      });
    } else {
      result = await ctx.providers.socialnet.send({
        id: row.id,
        providerAccountId: sender.providerAccountId ?? '',
        profileUrl: lead.linkedinUrl ?? '',
        kind,
        text: kind === 'connection_request' && !node.includeMessage ? '' : body,
      });
    }
  } catch (error) {
    ctx.logger.warn({ err: String(error), campaignId: c.id, leadId: lead.id }, 'send failed; will retry');
    ctx.db.update(sends).set({ status: 'failed' }).where(eq(sends.id, row.id)).run();
    ctx.db
      .update(leads)
      .set({ nextRunAt: now + SEND_RETRY_MS })
      .where(eq(leads.id, lead.id))
      .run();
    return false;
  }
  const bounced = result.bounced === true;
  tx(ctx.db, (t) => {
    const done = t
      .update(sends)
      .set({ status: bounced ? 'bounced' : 'sent', providerMessageId: result.messageId, sentAt: now })
      .where(and(eq(sends.id, row.id), inArray(sends.status, ['sending', 'failed'])))
      .returning({ id: sends.id })
      .get();
    if (!done) return;
    const col = statColumn[kind];
    t.run(sql`UPDATE campaigns SET ${sql.raw(col)} = ${sql.raw(col)} + 1 WHERE id = ${c.id}`);
    if (kind !== 'email') t.run(sql`UPDATE campaigns SET stat_sent = stat_sent + 1 WHERE id = ${c.id}`);
    t.update(leads)
      .set({ currentPosition: lead.currentPosition + 1, nextRunAt: now, lastSentAt: now, updatedAt: now })
      .where(and(eq(leads.id, lead.id), eq(leads.currentPosition, lead.currentPosition)))
      .run();
  });
  if (bounced) finishLead(ctx, c.id, lead.id, 'bounced', now);
  return true;
}
