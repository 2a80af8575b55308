import { z } from 'zod';
import {
  Channel,
  Counter,
  Email,
  HttpUrl,
  int,
  nonEmpty,
  PageInfo,
  PageQuery,
  Timestamp,
  text,
  Uuid,
  withAliases,
} from '../common.js';
import { LIMITS } from '../limits.js';
import { OperatingHours } from './operating-hours.js';
import { SenderAccountStatus } from './sender-account.js';
import { SequenceNode, SequenceNodePatch } from './sequence-node.js';

export const CampaignStatus = z
  .enum(['draft', 'launching', 'active', 'paused', 'completed'])
  .meta({ id: 'CampaignStatus' });
export type CampaignStatus = z.infer<typeof CampaignStatus>;

export const CampaignStats = z
  .object({
    total: Counter,
    sent: Counter,
    replied: Counter,
    bounced: Counter,
    completed: Counter,
    timed_out: Counter,
    connection_sent: Counter,
    connected: Counter,
    message_sent: Counter,
  })
  .meta({ id: 'CampaignStats' });
export type CampaignStats = z.infer<typeof CampaignStats>;

const DailyLimit = int(LIMITS.campaignDailyLimit.min, LIMITS.campaignDailyLimit.max);
const WeeklyLimit = int(0, 10_000);

/** Element of `sender_accounts` on a campaign. */
export const CampaignSenderSummary = z
  .object({
    id: Uuid,
    email_address: Email.nullable(),
    provider_account_id: text(200).nullable(),
    display_name: text(200).nullable(),
    status: SenderAccountStatus,
    first_name: text(100).nullable(),
    last_name: text(100).nullable(),
    daily_limit: int(0, 10_000).nullable(),
    is_default_sender: z.boolean(),
    weekly_connection_limit: WeeklyLimit.nullable(),
    weekly_message_limit: WeeklyLimit.nullable(),
    is_premium: z.boolean().nullable(),
  })
  .meta({ id: 'CampaignSenderSummary' });

/** A per-sender daily cap on an email campaign. */
export const AccountLimit = z
  .object({
    account_id: Uuid,
    daily_limit: int(LIMITS.accountDailyLimit.min, LIMITS.accountDailyLimit.max),
  })
  .meta({ id: 'AccountLimit' });

export const Campaign = z
  .object({
    id: Uuid,
    user_id: Uuid,
    name: nonEmpty(LIMITS.campaignName.max),
    type: Channel,
    status: CampaignStatus,
    daily_limit: DailyLimit.nullable().meta({ description: 'Email campaigns; null on social-network campaigns.' }),
    stop_on_reply: z.boolean().nullable(),
    open_tracking: z.boolean().nullable(),
    signature: text(5000).nullable(),
    skip_other_campaigns: z.boolean().nullable(),
    operating_hours: OperatingHours.nullable(),
    account_limits: z.array(AccountLimit).max(LIMITS.campaignSenders.max),
    stats: CampaignStats,
    created_at: Timestamp,
    updated_at: Timestamp,
    launched_at: Timestamp.nullable(),
    sender_accounts: z.array(CampaignSenderSummary).max(LIMITS.campaignSenders.max),
  })
  .meta({ id: 'Campaign' });
export type Campaign = z.infer<typeof Campaign>;

const SenderIds = z.array(Uuid).max(LIMITS.campaignSenders.max);
const AccountLimits = z.array(AccountLimit).max(LIMITS.campaignSenders.max);

/** Body of `POST /api/campaigns`. Without `sender_account_ids`, every sendable account of the channel is attached. */
export const CreateCampaignBody = withAliases(
  z.object({
    name: nonEmpty(LIMITS.campaignName.max),
    type: Channel,
    daily_limit: DailyLimit.optional(),
    dailyLimit: DailyLimit.optional().meta({ description: 'Alias of daily_limit.' }),
    stop_on_reply: z.boolean().optional(),
    open_tracking: z.boolean().optional(),
    signature: text(5000).optional(),
    skip_other_campaigns: z.boolean().optional(),
    operating_hours: OperatingHours.optional(),
    operatingHours: OperatingHours.optional().meta({ description: 'Alias of operating_hours.' }),
    sender_account_ids: SenderIds.optional(),
    account_limits: AccountLimits.optional(),
  }),
  { dailyLimit: 'daily_limit', operatingHours: 'operating_hours' },
).meta({ id: 'CreateCampaignBody' });
export type CreateCampaignBody = z.input<typeof CreateCampaignBody>;

/** Body of `PATCH /api/campaigns/{id}`: partial update, snake_case and camelCase aliases. */
export const UpdateCampaignBody = withAliases(
  z.object({
    name: nonEmpty(LIMITS.campaignName.max).optional(),
    operating_hours: OperatingHours.nullable().optional(),
    operatingHours: OperatingHours.nullable().optional().meta({ description: 'Alias of operating_hours.' }),
    daily_limit: DailyLimit.optional(),
    dailyLimit: DailyLimit.optional().meta({ description: 'Alias of daily_limit.' }),
    skip_other_campaigns: z.boolean().optional(),
    stop_on_reply: z.boolean().optional(),
    open_tracking: z.boolean().optional(),
    signature: text(5000).optional(),
    sender_account_ids: SenderIds.optional(),
    sequence_nodes: z
      .array(SequenceNodePatch)
      .max(LIMITS.sequenceNodes.max)
      .optional()
      .meta({ description: 'Whole-sequence replacement on drafts; must include the end node. At most 50.' }),
    account_limits: AccountLimits.optional(),
  }),
  { dailyLimit: 'daily_limit', operatingHours: 'operating_hours' },
).meta({ id: 'UpdateCampaignBody' });
export type UpdateCampaignBody = z.input<typeof UpdateCampaignBody>;

/** Fields a PATCH applies in each status; the others are silently ignored. */
export const PATCH_FIELDS_BY_STATUS = {
  draft: [
    'name',
    'operating_hours',
    'daily_limit',
    'account_limits',
    'skip_other_campaigns',
    'stop_on_reply',
    'open_tracking',
    'signature',
    'sender_account_ids',
    'sequence_nodes',
  ],
  active: ['name', 'operating_hours', 'daily_limit', 'account_limits'],
  paused: ['name', 'operating_hours', 'daily_limit', 'account_limits'],
} as const;

export const CampaignWithNodes = z
  .object({ campaign: Campaign, sequence_nodes: z.array(SequenceNode).max(LIMITS.sequenceNodes.max) })
  .meta({ id: 'CampaignWithNodes' });

export const CampaignEnvelope = z.object({ campaign: Campaign }).meta({ id: 'CampaignEnvelope' });

export const ListCampaignsQuery = PageQuery.extend({ status: CampaignStatus.optional() });
export const CampaignList = z
  .object({ campaigns: z.array(Campaign).max(LIMITS.pageSize.max), ...PageInfo })
  .meta({ id: 'CampaignList' });

/** Sender safety for social-network launches: each sender's remaining weekly capacity. */
export const SenderSafety = z
  .object({
    senders: z
      .array(
        z.object({
          account_id: Uuid,
          weekly_connection_limit: WeeklyLimit,
          weekly_message_limit: WeeklyLimit,
          connections_sent_this_week: Counter,
          messages_sent_this_week: Counter,
          remaining_connections: Counter,
          remaining_messages: Counter,
        }),
      )
      .max(LIMITS.campaignSenders.max),
    total_remaining_connections: Counter,
    total_remaining_messages: Counter,
  })
  .meta({ id: 'SenderSafety' });

/** 200 body of the launch call. */
export const LaunchResponse = z
  .object({
    success: z.literal(true),
    message: z.literal('Campaign launch started'),
    runId: text(200),
    prospectsToProcess: Counter,
    warning: text(2000).optional(),
    warnings: z.array(text(2000)).max(100).optional(),
    linkedinSenderSafety: SenderSafety.optional(),
    skippedProspects: z
      .array(z.object({ lead_id: Uuid, reason: text(500) }))
      .max(LIMITS.leadsPerRequest.max)
      .optional(),
    skippedCount: Counter.optional(),
  })
  .meta({ id: 'LaunchResponse' });
export type LaunchResponse = z.infer<typeof LaunchResponse>;

export const LeadStatus = z
  .enum(['pending', 'in_progress', 'completed', 'replied', 'bounced', 'timed_out', 'skipped', 'stopped'])
  .meta({ id: 'LeadStatus' });
export type LeadStatus = z.infer<typeof LeadStatus>;

/** A recipient of a campaign. */
export const Lead = z
  .object({
    id: Uuid,
    campaign_id: Uuid,
    email: Email.nullable(),
    linkedin_url: HttpUrl.nullable(),
    first_name: text(100).nullable(),
    last_name: text(100).nullable(),
    company: text(200).nullable(),
    title: text(200).nullable(),
    status: LeadStatus,
    current_position: int(0, LIMITS.sequenceNodes.max),
    next_run_at: Timestamp.nullable(),
    created_at: Timestamp,
  })
  .meta({ id: 'Lead' });

export const ListLeadsQuery = PageQuery.extend({ status: LeadStatus.optional() });
export const LeadList = z
  .object({ leads: z.array(Lead).max(LIMITS.pageSize.max), ...PageInfo })
  .meta({ id: 'LeadList' });

/** One recipient to add. Email campaigns need `email`; social-network campaigns need `linkedin_url`. */
export const LeadInput = z
  .object({
    email: Email.optional(),
    linkedin_url: text(2048).optional(),
    first_name: text(100).optional(),
    last_name: text(100).optional(),
    company: text(200).optional(),
    title: text(200).optional(),
    custom_fields: z.record(text(64), text(2000)).optional(),
  })
  .meta({ id: 'LeadInput' });

/** Body of the recipient bulk add: each row is checked on its own against LeadInput. */
export const AddLeadsBody = z
  .object({
    leads: z
      .array(z.unknown().meta({ description: 'A LeadInput object; rows that fail are reported in `rejected`.' }))
      .min(1)
      .max(LIMITS.leadsPerRequest.max),
  })
  .meta({ id: 'AddLeadsBody' });

export const AddLeadsResponse = z
  .object({
    added: Counter,
    duplicates: Counter,
    rejected: z
      .array(z.object({ index: int(0, LIMITS.leadsPerRequest.max), field: text(200).nullable(), error: text(500) }))
      .max(LIMITS.leadsPerRequest.max),
    total: Counter,
  })
  .meta({ id: 'AddLeadsResponse' });
