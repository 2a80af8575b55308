import { type CampaignStatus, PATCH_FIELDS_BY_STATUS } from '@outbound/schema';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { campaignSenders, campaigns, leads, senderAccounts, sequenceNodes } from '../db/schema.js';
import { type Tx, tx } from '../db/tx.js';
import { uuid } from '../lib/crypto.js';
import { HttpError } from '../lib/http-error.js';
import { offsetOf, pageInfo } from '../lib/page.js';
import { iso, isoOrNull } from '../lib/time.js';
import { canSend, senderAccountView } from './sender-accounts.js';
import { nodeView, replaceSequence } from './sequence.js';

export type CampaignRow = typeof campaigns.$inferSelect;
type Channel = CampaignRow['type'];

export function campaignView(db: Db | Tx, c: CampaignRow) {
  const senders = db
    .select({ s: campaignSenders, a: senderAccounts })
    .from(campaignSenders)
    .innerJoin(senderAccounts, eq(senderAccounts.id, campaignSenders.accountId))
    .where(eq(campaignSenders.campaignId, c.id))
    .orderBy(asc(campaignSenders.ord))
    .all();
  const email = c.type === 'email';
  return {
    id: c.id,
    user_id: c.userId,
    name: c.name,
    type: c.type,
    status: c.status,
    daily_limit: email ? c.dailyLimit : null,
    stop_on_reply: email ? c.stopOnReply : null,
    open_tracking: email ? c.openTracking : null,
    signature: email ? c.signature : null,
    skip_other_campaigns: email ? null : c.skipOtherCampaigns,
    operating_hours: c.operatingHours as never,
    account_limits: c.accountLimits,
    stats: {
      total: c.statTotal,
      sent: c.statSent,
      replied: c.statReplied,
      bounced: c.statBounced,
      completed: c.statCompleted,
      timed_out: c.statTimedOut,
      connection_sent: c.statConnectionSent,
      connected: c.statConnected,
      message_sent: c.statMessageSent,
    },
    created_at: iso(c.createdAt),
    updated_at: iso(c.updatedAt),
    launched_at: isoOrNull(c.launchedAt),
    sender_accounts: senders.map(({ s, a }) => {
      const v = senderAccountView(a);
      return {
        id: v.id,
        email_address: v.email_address,
        provider_account_id: v.provider_account_id,
        display_name: v.display_name,
        status: v.status,
        first_name: v.first_name,
        last_name: v.last_name,
        daily_limit: v.daily_limit,
        is_default_sender: s.isDefault,
        weekly_connection_limit: v.weekly_connection_limit,
        weekly_message_limit: v.weekly_message_limit,
        is_premium: v.is_premium,
      };
    }),
  };
}

export function nodesOf(db: Db | Tx, campaignId: string) {
  return db
    .select()
    .from(sequenceNodes)
    .where(eq(sequenceNodes.campaignId, campaignId))
    .orderBy(asc(sequenceNodes.position))
    .all();
}

export function campaignWithNodes(db: Db | Tx, c: CampaignRow) {
  return { campaign: campaignView(db, c), sequence_nodes: nodesOf(db, c.id).map(nodeView) };
}

/** A campaign of the caller, else 404. */
export function ownedCampaign(db: Db | Tx, userId: string, id: string): CampaignRow {
  const c = db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, id), eq(campaigns.userId, userId)))
    .get();
  if (!c) throw new HttpError(404, 'Campaign not found');
  return c;
}

/** The caller's accounts among `ids`, checked for ownership, channel and readiness to send. */
function sendersFor(
  db: Db | Tx,
  userId: string,
  type: Channel,
  ids: string[] | undefined,
  status: number,
  field: string,
) {
  const owned = db
    .select()
    .from(senderAccounts)
    .where(and(eq(senderAccounts.userId, userId), eq(senderAccounts.type, type)))
    .all();
  if (ids === undefined) return owned.filter(canSend);
  const unique = [...new Set(ids)];
  for (const id of unique) {
    const a = owned.find((o) => o.id === id);
    if (!a) throw new HttpError(status, `Sender account ${id} is not one of your ${type} accounts`, { field });
    if (!canSend(a)) throw new HttpError(status, `Sender account ${id} cannot send (status ${a.status})`, { field });
  }
  return unique.map((id) => owned.find((o) => o.id === id)!);
}

function setSenders(t: Tx, campaignId: string, accountIds: string[]): void {
  t.delete(campaignSenders).where(eq(campaignSenders.campaignId, campaignId)).run();
  if (accountIds.length) {
    t.insert(campaignSenders)
      .values(accountIds.map((accountId, i) => ({ campaignId, accountId, isDefault: i === 0, ord: i })))
      .run();
  }
}

export interface CreateCampaignInput {
  name: string;
  type: Channel;
  daily_limit?: number;
  stop_on_reply?: boolean;
  open_tracking?: boolean;
  signature?: string;
  skip_other_campaigns?: boolean;
  operating_hours?: CampaignRow['operatingHours'];
  sender_account_ids?: string[];
  account_limits?: { account_id: string; daily_limit: number }[];
}

/** Creates a draft and its terminal `end` node; 400 when the caller has no sendable account of the channel. */
export function createCampaign(ctx: AppContext, userId: string, body: CreateCampaignInput) {
  const senders = sendersFor(ctx.db, userId, body.type, body.sender_account_ids, 400, 'sender_account_ids');
  if (senders.length === 0) {
    throw new HttpError(
      400,
      `You have no ${body.type} account that can send: connect one before creating a ${body.type} campaign`,
      {
        field: 'type',
      },
    );
  }
  checkAccountLimits(
    body.account_limits,
    senders.map((s) => s.id),
    400,
  );
  const now = ctx.clock.now();
  const id = uuid();
  const email = body.type === 'email';
  const row = tx(ctx.db, (t) => {
    const c = t
      .insert(campaigns)
      .values({
        id,
        userId,
        name: body.name,
        type: body.type,
        status: 'draft',
        dailyLimit: email ? (body.daily_limit ?? 50) : null,
        stopOnReply: email ? (body.stop_on_reply ?? true) : null,
        openTracking: email ? (body.open_tracking ?? false) : null,
        signature: email ? (body.signature ?? null) : null,
        skipOtherCampaigns: email ? null : (body.skip_other_campaigns ?? false),
        operatingHours: body.operating_hours ?? null,
        accountLimits: body.account_limits ?? [],
        createdAt: now,
        updatedAt: now,
      })
      .returning()
      .get();
    setSenders(
      t,
      id,
      senders.map((s) => s.id),
    );
    t.insert(sequenceNodes).values({ id: uuid(), campaignId: id, type: 'end', position: 0, createdAt: now }).run();
    return c;
  });
  return campaignWithNodes(ctx.db, row);
}

function checkAccountLimits(limits: { account_id: string }[] | undefined, senderIds: string[], status: number): void {
  for (const l of limits ?? []) {
    if (!senderIds.includes(l.account_id)) {
      throw new HttpError(status, `account_limits names ${l.account_id}, which is not a sender of this campaign`, {
        field: 'account_limits',
      });
    }
  }
}

export function listCampaigns(
  ctx: AppContext,
  userId: string,
  q: { status?: CampaignStatus; page: number; limit: number },
) {
  const where = q.status
    ? and(eq(campaigns.userId, userId), eq(campaigns.status, q.status))
    : eq(campaigns.userId, userId);
  const total = ctx.db.select({ n: sql<number>`count(*)` }).from(campaigns).where(where).get()?.n ?? 0;
  const rows = ctx.db
    .select()
    .from(campaigns)
    .where(where)
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
    .limit(q.limit)
    .offset(offsetOf(q))
    .all();
  return {
    campaigns: rows.map((c) => campaignView(ctx.db, c)),
    ...pageInfo(total, q),
  };
}

export interface UpdateCampaignInput extends Partial<Omit<CreateCampaignInput, 'type' | 'operating_hours'>> {
  operating_hours?: CampaignRow['operatingHours'];
  sequence_nodes?: Parameters<typeof replaceSequence>[2];
}

/**
 * Partial update by the allowed-fields-by-status table: fields not allowed in the current status
 * are silently ignored. Everything is checked before anything is written.
 */
export function updateCampaign(ctx: AppContext, userId: string, id: string, body: UpdateCampaignInput) {
  const now = ctx.clock.now();
  const result = tx(ctx.db, (t) => {
    const c = ownedCampaign(t, userId, id);
    if (c.status === 'launching' || c.status === 'completed') {
      throw new HttpError(409, `The campaign cannot be updated while it is ${c.status}`);
    }
    const allowed = new Set<string>(PATCH_FIELDS_BY_STATUS[c.status as 'draft' | 'active' | 'paused']);
    const has = (k: keyof UpdateCampaignInput) => body[k] !== undefined && allowed.has(k);
    const email = c.type === 'email';

    // Checks first: nothing is written until every part of the body is known to be valid.
    const senderIds = has('sender_account_ids')
      ? sendersFor(t, userId, c.type, body.sender_account_ids, 422, 'sender_account_ids').map((s) => s.id)
      : t
          .select({ id: campaignSenders.accountId })
          .from(campaignSenders)
          .where(eq(campaignSenders.campaignId, id))
          .all()
          .map((r) => r.id);
    if (has('sender_account_ids') && senderIds.length === 0)
      throw new HttpError(422, 'A campaign needs at least one sender account');
    if (has('account_limits') && email) checkAccountLimits(body.account_limits, senderIds, 422);
    const replacing = has('sequence_nodes');
    if (replacing) replaceSequence(t, c, body.sequence_nodes!, { dryRun: true });

    const patch: Partial<CampaignRow> = { updatedAt: now };
    if (has('name')) patch.name = body.name!;
    if (has('operating_hours')) patch.operatingHours = body.operating_hours ?? null;
    if (has('daily_limit') && email) patch.dailyLimit = body.daily_limit!;
    if (has('account_limits') && email) patch.accountLimits = body.account_limits!;
    if (email) {
      if (has('stop_on_reply')) patch.stopOnReply = body.stop_on_reply!;
      if (has('open_tracking')) patch.openTracking = body.open_tracking!;
      if (has('signature')) patch.signature = body.signature!;
    } else if (has('skip_other_campaigns')) patch.skipOtherCampaigns = body.skip_other_campaigns!;

    const updated = t
      .update(campaigns)
      .set(patch)
      .where(and(eq(campaigns.id, id), eq(campaigns.status, c.status)))
      .returning()
      .get();
    if (!updated) throw new HttpError(409, 'The campaign changed status during the update: retry');
    if (has('sender_account_ids')) setSenders(t, id, senderIds);
    if (replacing) replaceSequence(t, c, body.sequence_nodes!, { dryRun: false });
    const hoursChanged = has('operating_hours') && c.status === 'active';
    if (hoursChanged) {
      // Leads sleeping on the old schedule wake and re-check at once.
      t.update(leads)
        .set({ nextRunAt: now })
        .where(
          and(
            eq(leads.campaignId, id),
            eq(leads.status, 'in_progress'),
            sql`${leads.nextRunAt} > ${now}`,
            sql`${leads.nextRunAt} IS NOT NULL`,
          ),
        )
        .run();
    }
    return { row: updated, hoursChanged };
  });
  if (result.hoursChanged) {
    ctx.runner.enqueue(ctx.db, {
      type: 'campaign.dispatch',
      payload: { campaignId: id },
      idempotencyKey: `dispatch:${id}:wake:${now}`,
    });
  }
  return campaignWithNodes(ctx.db, result.row);
}

export function setStatus(
  t: Tx,
  id: string,
  from: CampaignStatus,
  to: CampaignStatus,
  now: number,
): CampaignRow | undefined {
  return t
    .update(campaigns)
    .set({ status: to, updatedAt: now })
    .where(and(eq(campaigns.id, id), eq(campaigns.status, from)))
    .returning()
    .get();
}

export function sendersOf(db: Db | Tx, campaignId: string) {
  return db
    .select({ a: senderAccounts })
    .from(campaignSenders)
    .innerJoin(senderAccounts, eq(senderAccounts.id, campaignSenders.accountId))
    .where(eq(campaignSenders.campaignId, campaignId))
    .orderBy(asc(campaignSenders.ord))
    .all()
    .map((r) => r.a);
}
