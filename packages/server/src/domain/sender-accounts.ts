import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { emailDomains, senderAccounts } from '../db/schema.js';
import { uuid } from '../lib/crypto.js';
import { HttpError } from '../lib/http-error.js';
import { prepared } from '../lib/prepared.js';
import { iso } from '../lib/time.js';
import { type SocialnetProfile, weeklyLimits } from '../providers/socialnet.js';

type Row = typeof senderAccounts.$inferSelect;
type DomainRow = typeof emailDomains.$inferSelect;

/** Sending rules: who may send in which status (warming only with an administrator override). */
export function canSend(a: Pick<Row, 'type' | 'status' | 'adminSendOverride'>): boolean {
  const ready = a.type === 'socialnet' ? 'connected' : 'active';
  return a.status === ready || (a.status === 'warming' && a.adminSendOverride);
}

/** The API view: fields of the other channel are null; `email_domains` only for email accounts. */
export function senderAccountView(a: Row, domain?: DomainRow | null) {
  const email = a.type === 'email';
  const social = a.type === 'socialnet';
  return {
    id: a.id,
    user_id: a.userId,
    type: a.type,
    display_name: a.displayName,
    status: a.status,
    created_at: iso(a.createdAt),
    updated_at: iso(a.updatedAt),
    provider_account_id: social ? a.providerAccountId : null,
    profile_url: social ? a.profileUrl : null,
    is_premium: social ? a.isPremium : null,
    has_sales_navigator: social ? a.hasSalesNavigator : null,
    weekly_connection_limit: social ? a.weeklyConnectionLimit : null,
    weekly_message_limit: social ? a.weeklyMessageLimit : null,
    email_address: email ? a.emailAddress : null,
    domain_id: email ? a.domainId : null,
    mailbox_provider_inbox_id: email ? a.mailboxProviderInboxId : null,
    sender_provider_account_id: email ? a.senderProviderAccountId : null,
    warmup_status: email ? a.warmupStatus : null,
    first_name: a.firstName,
    last_name: a.lastName,
    signature: email ? a.signature : null,
    daily_limit: email ? a.dailyLimit : null,
    sender_provider_tag_id: email ? a.senderProviderTagId : null,
    sender_provider_warmup_tag_id: email ? a.senderProviderWarmupTagId : null,
    ...(email
      ? { email_domains: domain ? { id: domain.id, domain: domain.domain, status: domain.status } : undefined }
      : {}),
  };
}

/** The caller's accounts, newest first, optionally of one channel. */
export function listSenderAccounts(ctx: AppContext, userId: string, type?: Row['type']) {
  const rows = type
    ? prepared(ctx.db, 'accounts.byType', (d) =>
        d
          .select()
          .from(senderAccounts)
          .where(
            and(eq(senderAccounts.userId, sql.placeholder('userId')), eq(senderAccounts.type, sql.placeholder('type'))),
          )
          .orderBy(desc(senderAccounts.createdAt), desc(senderAccounts.id))
          .prepare(),
      ).all({ userId, type })
    : prepared(ctx.db, 'accounts.all', (d) =>
        d
          .select()
          .from(senderAccounts)
          .where(eq(senderAccounts.userId, sql.placeholder('userId')))
          .orderBy(desc(senderAccounts.createdAt), desc(senderAccounts.id))
          .prepare(),
      ).all({ userId });
  const domainIds = rows.map((r) => r.domainId).filter((d): d is string => d !== null);
  const domains = domainIds.length
    ? new Map(
        ctx.db
          .select()
          .from(emailDomains)
          .where(inArray(emailDomains.id, domainIds))
          .all()
          .map((d) => [d.id, d]),
      )
    : new Map<string, DomainRow>();
  return rows.map((r) => senderAccountView(r, r.domainId ? domains.get(r.domainId) : null));
}

export function getSenderAccountRow(ctx: AppContext, userId: string, id: string): Row {
  const row = ctx.db
    .select()
    .from(senderAccounts)
    .where(and(eq(senderAccounts.id, id), eq(senderAccounts.userId, userId)))
    .get();
  if (!row) throw new HttpError(404, 'Sender account not found');
  return row;
}

/** Creates (or, for a known provider account, updates) a connected social-network account. */
export function upsertSocialnetAccount(ctx: AppContext, userId: string, p: SocialnetProfile): Row {
  const now = ctx.clock.now();
  const limits = weeklyLimits(p);
  const fields = {
    displayName: p.display_name,
    status: 'connected' as const,
    profileUrl: p.profile_url,
    isPremium: p.is_premium,
    hasSalesNavigator: p.has_sales_navigator,
    weeklyConnectionLimit: limits.weekly_connection_limit,
    weeklyMessageLimit: limits.weekly_message_limit,
    firstName: p.first_name,
    lastName: p.last_name,
    updatedAt: now,
  };
  const existing = ctx.db
    .select()
    .from(senderAccounts)
    .where(and(eq(senderAccounts.userId, userId), eq(senderAccounts.providerAccountId, p.provider_account_id)))
    .get();
  if (existing) {
    return ctx.db.update(senderAccounts).set(fields).where(eq(senderAccounts.id, existing.id)).returning().get()!;
  }
  return ctx.db
    .insert(senderAccounts)
    .values({
      id: uuid(),
      userId,
      type: 'socialnet',
      providerAccountId: p.provider_account_id,
      createdAt: now,
      ...fields,
    })
    .returning()
    .get();
}

/** Creates an active email sender with a verified domain and a sending inbox. */
export function createEmailAccount(
  ctx: AppContext,
  userId: string,
  input: { email: string; firstName?: string; lastName?: string; provider: string },
): Row {
  const now = ctx.clock.now();
  const domain = input.email.split('@')[1]!.toLowerCase();
  let domainRow = ctx.db
    .select()
    .from(emailDomains)
    .where(and(eq(emailDomains.userId, userId), eq(emailDomains.domain, domain)))
    .get();
  if (!domainRow) {
    domainRow = ctx.db
      .insert(emailDomains)
      .values({ id: uuid(), userId, domain, status: 'verified', createdAt: now })
      .returning()
      .get();
  }
  const local = input.email.split('@')[0]!;
  return ctx.db
    .insert(senderAccounts)
    .values({
      id: uuid(),
      userId,
      type: 'email',
      displayName: [input.firstName, input.lastName].filter(Boolean).join(' ') || local,
      status: 'active',
      emailAddress: input.email.toLowerCase(),
      domainId: domainRow.id,
      mailboxProviderInboxId: `inbox_${input.provider}_${uuid().slice(0, 8)}`,
      senderProviderAccountId: `sender_${uuid().slice(0, 8)}`,
      warmupStatus: 'active',
      firstName: input.firstName ?? null,
      lastName: input.lastName ?? null,
      signature: null,
      dailyLimit: 50,
      createdAt: now,
      updatedAt: now,
    })
    .returning()
    .get();
}

export function domainOf(ctx: AppContext, row: Row): DomainRow | null {
  if (!row.domainId) return null;
  return ctx.db.select().from(emailDomains).where(eq(emailDomains.id, row.domainId)).get() ?? null;
}
