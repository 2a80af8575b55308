import { z } from 'zod';
import { Channel, Email, HttpUrl, int, Timestamp, text, Uuid } from '../common.js';

export const SenderAccountStatus = z
  .enum([
    'connected',
    'active',
    'warming',
    'pending',
    'credentials_required',
    'error',
    'disconnected',
    'banned',
    'suspended',
  ])
  .meta({ id: 'SenderAccountStatus' });
export type SenderAccountStatus = z.infer<typeof SenderAccountStatus>;

export const DomainStatus = z.enum(['pending', 'verified', 'failed']).meta({ id: 'DomainStatus' });
export const WarmupStatus = z.enum(['inactive', 'active', 'paused', 'completed']).meta({ id: 'WarmupStatus' });

/** The sending domain of an email account. */
export const EmailDomain = z.object({ id: Uuid, domain: text(253), status: DomainStatus }).meta({ id: 'EmailDomain' });

const WeeklyLimit = int(0, 10_000);

/**
 * A connected sender account. Fields of the other channel are null; `email_domains` is
 * present only for email accounts.
 */
export const SenderAccount = z
  .object({
    id: Uuid,
    user_id: Uuid,
    type: Channel,
    display_name: text(200).nullable(),
    status: SenderAccountStatus,
    created_at: Timestamp,
    updated_at: Timestamp,
    provider_account_id: text(200).nullable(),
    profile_url: HttpUrl.nullable(),
    is_premium: z.boolean().nullable(),
    has_sales_navigator: z.boolean().nullable(),
    weekly_connection_limit: WeeklyLimit.nullable(),
    weekly_message_limit: WeeklyLimit.nullable(),
    email_address: Email.nullable(),
    domain_id: Uuid.nullable(),
    mailbox_provider_inbox_id: text(200).nullable(),
    sender_provider_account_id: text(200).nullable(),
    warmup_status: WarmupStatus.nullable(),
    first_name: text(100).nullable(),
    last_name: text(100).nullable(),
    signature: text(5000).nullable(),
    daily_limit: int(0, 10_000).nullable(),
    sender_provider_tag_id: text(200).nullable(),
    sender_provider_warmup_tag_id: text(200).nullable(),
    email_domains: EmailDomain.optional(),
  })
  .meta({ id: 'SenderAccount' });
export type SenderAccount = z.infer<typeof SenderAccount>;

/** `type` filter of `GET /api/accounts`; `linkedin` is accepted as an alias of `socialnet`. */
export const AccountTypeFilter = z
  .enum(['socialnet', 'email', 'linkedin'])
  .transform((t) => (t === 'linkedin' ? 'socialnet' : t));

/** Body of `POST /api/email/accounts`: starts the hosted consent flow for one mailbox. */
export const ConnectEmailBody = z
  .object({
    email_address: Email.optional().meta({ description: 'Pre-fills the consent page.' }),
    provider: z.enum(['google', 'microsoft', 'smtp']).default('google'),
  })
  .meta({ id: 'ConnectEmailBody' });
