import { parseAddressList, type SendMessageBody, tryNormalizeLinkedInUrl } from '@outbound/schema';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext, Principal } from '../context.js';
import { messages, senderAccounts, threads } from '../db/schema.js';
import { type Tx, tx } from '../db/tx.js';
import { uuid } from '../lib/crypto.js';
import { textToHtml } from '../lib/html.js';
import { HttpError } from '../lib/http-error.js';
import { offsetOf, pageInfo } from '../lib/page.js';
import { prepared } from '../lib/prepared.js';
import { iso, isoOrNull } from '../lib/time.js';
import { ProviderRateLimitError } from '../providers/mail.js';
import { recordCampaignReply } from './replies.js';
import { canSend } from './sender-accounts.js';

type ThreadRow = typeof threads.$inferSelect;
type MessageRow = typeof messages.$inferSelect;
type Account = typeof senderAccounts.$inferSelect;

export function threadView(t: ThreadRow) {
  return {
    id: t.id,
    channel: t.channel,
    status: t.status,
    inbox_state: t.inboxState,
    outbound_message_count: t.outboundCount,
    inbound_message_count: t.inboundCount,
    has_one_off_message: t.hasOneOff,
    subject: t.subject,
    account_id: t.accountId,
    campaign_id: t.campaignId,
    recipient_email: t.recipientEmail,
    recipient_name: t.recipientName,
    recipient_profile_url: t.recipientProfileUrl,
    last_message_at: isoOrNull(t.lastMessageAt),
    created_at: iso(t.createdAt),
    updated_at: iso(t.updatedAt),
  };
}

export function messageView(m: MessageRow) {
  return {
    id: m.id,
    conversation_id: m.threadId,
    direction: m.direction,
    channel: m.channel,
    subject: m.subject,
    body_text: m.bodyText,
    body_html: m.bodyHtml,
    from: m.fromAddress,
    to: m.to,
    cc: m.cc,
    bcc: m.bcc,
    attachments: m.attachments as never,
    provider_message_id: m.providerMessageId,
    sent_at: isoOrNull(m.sentAt),
    created_at: iso(m.createdAt),
  };
}

function ownedAccount(ctx: AppContext, userId: string, id: string): Account | undefined {
  return ctx.db
    .select()
    .from(senderAccounts)
    .where(and(eq(senderAccounts.id, id), eq(senderAccounts.userId, userId)))
    .get();
}

export interface CreateThreadInput {
  channel: 'email' | 'socialnet';
  recipient_email?: string;
  recipient_profile_url?: string;
  recipient_name?: string;
  subject?: string;
  account_id?: string;
}

/** A new conversation: a one-off email thread or a social-network thread. */
export function createThread(ctx: AppContext, userId: string, body: CreateThreadInput) {
  let accountId: string | null = null;
  if (body.account_id) {
    const a = ownedAccount(ctx, userId, body.account_id);
    if (!a || a.type !== body.channel) {
      throw new HttpError(422, `Account ${body.account_id} cannot send on the ${body.channel} channel`, {
        field: 'account_id',
      });
    }
    accountId = a.id;
  } else if (body.channel === 'socialnet') {
    const a = ctx.db
      .select()
      .from(senderAccounts)
      .where(and(eq(senderAccounts.userId, userId), eq(senderAccounts.type, 'socialnet')))
      .orderBy(asc(senderAccounts.createdAt))
      .all()
      .find(canSend);
    if (!a) throw new HttpError(422, 'You have no social-network account that can send');
    accountId = a.id;
  }
  const profile = body.recipient_profile_url ? tryNormalizeLinkedInUrl(body.recipient_profile_url) : null;
  if (body.channel === 'socialnet' && !profile) {
    throw new HttpError(400, 'recipient_profile_url: must be a profile URL of the form linkedin.com/in/<slug>', {
      field: 'recipient_profile_url',
    });
  }
  const now = ctx.clock.now();
  const row = ctx.db
    .insert(threads)
    .values({
      id: uuid(),
      userId,
      channel: body.channel,
      status: 'open',
      inboxState: 'new',
      subject: body.channel === 'email' ? (body.subject ?? null) : null,
      accountId,
      recipientEmail: body.recipient_email?.toLowerCase() ?? null,
      recipientName: body.recipient_name ?? null,
      recipientProfileUrl: profile,
      createdAt: now,
      updatedAt: now,
    })
    .returning()
    .get();
  return { thread: threadView(row) };
}

export function listThreads(ctx: AppContext, userId: string, q: { page: number; limit: number }) {
  const total =
    prepared(ctx.db, 'threads.count', (d) =>
      d
        .select({ n: sql<number>`count(*)` })
        .from(threads)
        .where(eq(threads.userId, sql.placeholder('userId')))
        .prepare(),
    ).get({ userId })?.n ?? 0;
  const rows = prepared(ctx.db, 'threads.page', (d) =>
    d
      .select()
      .from(threads)
      .where(eq(threads.userId, sql.placeholder('userId')))
      .orderBy(desc(sql`coalesce(${threads.lastMessageAt}, ${threads.createdAt})`), desc(threads.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(),
  ).all({ userId, limit: q.limit, offset: offsetOf(q) });
  return { threads: rows.map(threadView), ...pageInfo(total, q) };
}

function ownedThread(ctx: AppContext, userId: string, id: string): ThreadRow {
  const t = ctx.db
    .select()
    .from(threads)
    .where(and(eq(threads.id, id), eq(threads.userId, userId)))
    .get();
  if (!t) throw new HttpError(404, 'Thread not found');
  return t;
}

/** A thread's messages, oldest first (insertion order within the same millisecond). */
function threadMessages(ctx: AppContext, threadId: string) {
  return ctx.db
    .select()
    .from(messages)
    .where(eq(messages.threadId, threadId))
    .orderBy(asc(messages.createdAt), sql`${messages}.rowid`)
    .all();
}

export function getThread(ctx: AppContext, userId: string, id: string) {
  const t = ownedThread(ctx, userId, id);
  return { thread: threadView(t), messages: threadMessages(ctx, id).map(messageView) };
}

/** The validated body of `sendThreadMessage`, as the contract defines it. */
export type SendMessageInput = z.output<typeof SendMessageBody>;

/**
 * Sends a message in a thread. The provider is called first; nothing is written when it refuses
 * (429) or fails (502). When the send went out but saving it failed, the answer is a 500 whose
 * reason is `sent_not_saved`: the caller must not retry.
 */
export async function sendMessage(
  ctx: AppContext,
  principal: Principal & { kind: 'user' },
  threadId: string,
  body: SendMessageInput,
) {
  const userId = principal.userId;
  const thread = ownedThread(ctx, userId, threadId);
  const history = threadMessages(ctx, threadId);
  const accountId = thread.accountId ?? body.account_id;
  if (!accountId) {
    throw new HttpError(400, 'account_id: is required for an email thread that has no sender yet', {
      field: 'account_id',
    });
  }
  const account = ownedAccount(ctx, userId, accountId);
  if (!account)
    throw new HttpError(422, `Sender account ${accountId} is not in this workspace`, { field: 'account_id' });
  if (account.type !== thread.channel) {
    throw new HttpError(422, `This ${thread.channel} thread cannot send from a ${account.type} account`, {
      field: 'account_id',
    });
  }
  if (!canSend(account))
    throw new HttpError(422, `Sender account is not ready to send (status ${account.status})`, { field: 'account_id' });

  const id = uuid();
  const now = ctx.clock.now();
  let providerId: string;
  let subject: string | null = null;
  let cc: string[] = [];
  let bcc: string[] = [];
  let html: string | null = null;
  let inReplyTo: string | undefined;
  try {
    if (thread.channel === 'email') {
      if (!thread.recipientEmail)
        throw new HttpError(422, 'The thread has no recipient email address', { field: 'recipient_email' });
      const isNew = history.length === 0;
      if (isNew && !thread.subject && !body.subject) {
        throw new HttpError(400, 'subject: is required for a new email thread without a subject', { field: 'subject' });
      }
      const lastInbound = [...history].reverse().find((m) => m.direction === 'inbound' && m.providerMessageId);
      const anchor =
        body.threading_mode === 'new_thread'
          ? undefined
          : (lastInbound ?? (body.threading_mode === 'reply' ? history.at(-1) : undefined));
      inReplyTo = anchor?.providerMessageId ?? undefined;
      const base = body.subject ?? thread.subject ?? '';
      subject = inReplyTo && !/^re:/i.test(base) ? `Re: ${base}` : base;
      cc = body.cc ? (parseAddressList(body.cc) ?? []) : [];
      bcc = body.bcc ? (parseAddressList(body.bcc) ?? []) : [];
      html = body.body_html ?? textToHtml(body.body_text);
      const references = history.map((m) => m.providerMessageId).filter((x): x is string => Boolean(x));
      const result = await ctx.providers.mail.send({
        id,
        from: account.emailAddress ?? '',
        to: [thread.recipientEmail],
        cc,
        bcc,
        subject,
        text: body.body_text,
        html,
        ...(inReplyTo ? { inReplyTo, references } : {}),
      });
      providerId = result.messageId;
    } else {
      const result = await ctx.providers.socialnet.send({
        id,
        providerAccountId: account.providerAccountId ?? '',
        profileUrl: thread.recipientProfileUrl ?? '',
        kind: 'message',
        text: body.body_text,
      });
      providerId = result.messageId;
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (error instanceof ProviderRateLimitError) {
      throw new HttpError(
        429,
        `The email provider rate-limited the send: retry after ${error.retryAfterSeconds} seconds`,
        {
          reason: 'provider_rate_limited',
          headers: { 'Retry-After': String(error.retryAfterSeconds) },
        },
      );
    }
    ctx.logger.warn({ err: String(error), threadId }, 'provider failed to send');
    throw new HttpError(502, 'The provider failed to send the message; nothing was sent', {
      reason: 'provider_failed',
    });
  }

  try {
    const saved = tx(ctx.db, (t) => {
      const message = t
        .insert(messages)
        .values({
          id,
          threadId,
          direction: 'outbound',
          channel: thread.channel,
          subject: thread.channel === 'email' ? subject : null,
          bodyText: body.body_text,
          bodyHtml: thread.channel === 'email' ? html : null,
          fromAddress: thread.channel === 'email' ? account.emailAddress : account.displayName,
          to: thread.channel === 'email' ? [thread.recipientEmail!] : [],
          cc,
          bcc,
          attachments: body.attachments ?? [],
          oneOff: thread.campaignId === null,
          providerMessageId: providerId,
          inReplyTo: inReplyTo ?? null,
          sentAt: now,
          createdAt: now,
        })
        .returning()
        .get();
      const oneOff = thread.campaignId === null;
      const updated = t
        .update(threads)
        .set({
          status: 'active',
          inboxState: oneOff ? 'sent_one_off' : 'sent_campaign',
          accountId: account.id,
          subject: thread.subject ?? (thread.channel === 'email' ? subject : null),
          outboundCount: sql`${threads.outboundCount} + 1`,
          hasOneOff: oneOff ? true : thread.hasOneOff,
          lastMessageAt: now,
          updatedAt: now,
        })
        .where(eq(threads.id, threadId))
        .returning()
        .get()!;
      return { message, thread: updated };
    });
    return { message: messageView(saved.message), thread: threadView(saved.thread) };
  } catch (error) {
    ctx.logger.error({ err: String(error), threadId, providerMessageId: providerId }, 'message sent but not saved');
    throw new HttpError(500, 'The message was sent but could not be saved: do not retry it', {
      reason: 'sent_not_saved',
    });
  }
}

/** An inbound message: appended to its thread (found by In-Reply-To or by correspondent), which moves to `replied`. */
export function recordInboundEmail(
  ctx: AppContext,
  email: { from: string; to: string[]; subject: string; text: string; message_id?: string; in_reply_to?: string },
  campaign?: { campaignId: string; userId: string; accountId: string },
): string | undefined {
  const now = ctx.clock.now();
  return tx(ctx.db, (t) => {
    const parent = email.in_reply_to
      ? t.select().from(messages).where(eq(messages.providerMessageId, email.in_reply_to)).get()
      : undefined;
    let thread = parent ? t.select().from(threads).where(eq(threads.id, parent.threadId)).get() : undefined;
    if (!thread) {
      const account = campaign
        ? t.select().from(senderAccounts).where(eq(senderAccounts.id, campaign.accountId)).get()
        : email.to
            .map((addr) =>
              t.select().from(senderAccounts).where(eq(senderAccounts.emailAddress, addr.toLowerCase())).get(),
            )
            .find(Boolean);
      if (!account) return undefined;
      thread =
        t
          .select()
          .from(threads)
          .where(and(eq(threads.accountId, account.id), eq(threads.recipientEmail, email.from.toLowerCase())))
          .orderBy(desc(threads.createdAt))
          .get() ??
        t
          .insert(threads)
          .values({
            id: uuid(),
            userId: account.userId,
            channel: 'email',
            status: 'active',
            inboxState: 'replied',
            subject: email.subject || null,
            accountId: account.id,
            campaignId: campaign?.campaignId ?? null,
            recipientEmail: email.from.toLowerCase(),
            createdAt: now,
            updatedAt: now,
          })
          .returning()
          .get();
    }
    appendInbound(t, thread.id, now, {
      channel: 'email',
      subject: email.subject || null,
      bodyText: email.text,
      fromAddress: email.from,
      to: email.to,
      providerMessageId: email.message_id ?? null,
      inReplyTo: email.in_reply_to ?? null,
    });
    return thread.id;
  });
}

/**
 * An inbound social-network message: appended to the thread with that profile on that account
 * (created when missing), and counted as a campaign reply when the profile is a campaign recipient.
 */
export function recordInboundSocial(
  ctx: AppContext,
  m: { provider_account_id: string; profile_url: string; text: string; message_id?: string },
): { threadId?: string; campaign: boolean } {
  const profile = tryNormalizeLinkedInUrl(m.profile_url);
  const account = ctx.db
    .select()
    .from(senderAccounts)
    .where(eq(senderAccounts.providerAccountId, m.provider_account_id))
    .get();
  if (!profile || !account) return { campaign: false };
  const campaign = recordCampaignReply(ctx, { linkedinUrl: profile, accountId: account.id }) !== undefined;
  const now = ctx.clock.now();
  const threadId = tx(ctx.db, (t) => {
    const thread =
      t
        .select()
        .from(threads)
        .where(and(eq(threads.accountId, account.id), eq(threads.recipientProfileUrl, profile)))
        .orderBy(desc(threads.createdAt))
        .get() ??
      t
        .insert(threads)
        .values({
          id: uuid(),
          userId: account.userId,
          channel: 'socialnet',
          status: 'active',
          inboxState: 'replied',
          accountId: account.id,
          recipientProfileUrl: profile,
          createdAt: now,
          updatedAt: now,
        })
        .returning()
        .get();
    appendInbound(t, thread.id, now, {
      channel: 'socialnet',
      bodyText: m.text,
      fromAddress: profile,
      providerMessageId: m.message_id ?? null,
    });
    return thread.id;
  });
  return { threadId, campaign };
}

/** Adds an inbound message to a thread, which moves to `replied` and counts it. */
function appendInbound(
  t: Tx,
  threadId: string,
  now: number,
  m: Pick<MessageRow, 'channel' | 'bodyText' | 'fromAddress' | 'providerMessageId'> &
    Partial<Pick<MessageRow, 'subject' | 'to' | 'inReplyTo'>>,
): void {
  t.insert(messages)
    .values({
      id: uuid(),
      threadId,
      direction: 'inbound',
      subject: null,
      bodyHtml: null,
      to: [],
      cc: [],
      bcc: [],
      attachments: [],
      inReplyTo: null,
      sentAt: now,
      createdAt: now,
      ...m,
    })
    .run();
  t.update(threads)
    .set({
      inboxState: 'replied',
      status: 'active',
      inboundCount: sql`${threads.inboundCount} + 1`,
      lastMessageAt: now,
      updatedAt: now,
    })
    .where(eq(threads.id, threadId))
    .run();
}
