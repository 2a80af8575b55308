import {
  CampaignStatus,
  Channel,
  ColumnType,
  DomainStatus,
  EntityType,
  EventType,
  InboxState,
  LeadStatus,
  MediaType,
  MessageDirection,
  NodeType,
  Plan,
  PostStatus,
  Rating,
  ResearchStatus,
  SenderAccountStatus,
  SignalStatus,
  ThreadStatus,
  WarmupStatus,
} from '@outbound/schema';
import { sql } from 'drizzle-orm';
import { blob, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/** The values of an enum of the contract, as the tuple drizzle wants: table enums never restate them. */
const values = <T extends string>(e: { options: T[] }) => e.options as [T, ...T[]];

// Timestamps are integer milliseconds since the epoch (UTC); views render them as ISO strings.
const ms = (name: string) => integer(name, { mode: 'number' });
const bool = (name: string) => integer(name, { mode: 'boolean' });
const json = <T>(name: string) => text(name, { mode: 'json' }).$type<T>();

export const users = sqliteTable('users', {
  id: text('id').primaryKey(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  passwordHash: text('password_hash').notNull(),
  plan: text('plan', { enum: values(Plan) })
    .notNull()
    .default('trial'),
  onboardingCompleted: bool('onboarding_completed').notNull().default(false),
  creditBalance: real('credit_balance').notNull().default(0),
  createdAt: ms('created_at').notNull(),
  updatedAt: ms('updated_at').notNull(),
});

export const apiKeys = sqliteTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    keyHash: text('key_hash').notNull().unique(),
    last4: text('last4').notNull(),
    createdAt: ms('created_at').notNull(),
    lastUsedAt: ms('last_used_at'),
    revokedAt: ms('revoked_at'),
  },
  // At most one active key per account, enforced by the database itself.
  (t) => [uniqueIndex('api_keys_one_active').on(t.userId).where(sql`revoked_at IS NULL`)],
);

export const partners = sqliteTable('partners', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** The account whose events (signals) this partner also receives, if any. */
  userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
  creditBalance: real('credit_balance').notNull().default(0),
  createdAt: ms('created_at').notNull(),
});

export const partnerKeys = sqliteTable('partner_keys', {
  id: text('id').primaryKey(),
  partnerId: text('partner_id')
    .notNull()
    .references(() => partners.id, { onDelete: 'cascade' }),
  keyHash: text('key_hash').notNull().unique(),
  last4: text('last4').notNull(),
  createdAt: ms('created_at').notNull(),
  revokedAt: ms('revoked_at'),
});

export const sessions = sqliteTable('sessions', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  csrfToken: text('csrf_token').notNull(),
  createdAt: ms('created_at').notNull(),
  expiresAt: ms('expires_at').notNull(),
});

export const emailDomains = sqliteTable('email_domains', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  domain: text('domain').notNull(),
  status: text('status', { enum: values(DomainStatus) }).notNull(),
  createdAt: ms('created_at').notNull(),
});

export const senderAccounts = sqliteTable(
  'sender_accounts',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: values(Channel) }).notNull(),
    displayName: text('display_name'),
    status: text('status', {
      enum: values(SenderAccountStatus),
    }).notNull(),
    providerAccountId: text('provider_account_id'),
    profileUrl: text('profile_url'),
    isPremium: bool('is_premium'),
    hasSalesNavigator: bool('has_sales_navigator'),
    weeklyConnectionLimit: integer('weekly_connection_limit'),
    weeklyMessageLimit: integer('weekly_message_limit'),
    emailAddress: text('email_address'),
    domainId: text('domain_id').references(() => emailDomains.id),
    mailboxProviderInboxId: text('mailbox_provider_inbox_id'),
    senderProviderAccountId: text('sender_provider_account_id'),
    warmupStatus: text('warmup_status', { enum: values(WarmupStatus) }),
    firstName: text('first_name'),
    lastName: text('last_name'),
    signature: text('signature'),
    dailyLimit: integer('daily_limit'),
    senderProviderTagId: text('sender_provider_tag_id'),
    senderProviderWarmupTagId: text('sender_provider_warmup_tag_id'),
    /** An administrator let this warming account send. */
    adminSendOverride: bool('admin_send_override').notNull().default(false),
    createdAt: ms('created_at').notNull(),
    updatedAt: ms('updated_at').notNull(),
  },
  (t) => [index('sender_accounts_user').on(t.userId, t.createdAt)],
);

/** A pending hosted connection (social-network login or email consent). */
export const hostedConnections = sqliteTable(
  'hosted_connections',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['extconn', 'email'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    status: text('status', { enum: ['pending', 'completed'] }).notNull(),
    hint: text('hint'),
    accountId: text('account_id'),
    createdAt: ms('created_at').notNull(),
    expiresAt: ms('expires_at').notNull(),
  },
  (t) => [index('hosted_connections_user').on(t.userId, t.kind)],
);

export const lists = sqliteTable('lists', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  createdAt: ms('created_at').notNull(),
});

export const listColumns = sqliteTable('list_columns', {
  id: text('id').primaryKey(),
  listId: text('list_id')
    .notNull()
    .references(() => lists.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  type: text('type', { enum: values(ColumnType) }).notNull(),
  position: integer('position').notNull(),
});

export const columnPreferences = sqliteTable(
  'column_preferences',
  {
    listId: text('list_id')
      .notNull()
      .references(() => lists.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    columnId: text('column_id')
      .notNull()
      .references(() => listColumns.id, { onDelete: 'cascade' }),
    isHidden: bool('is_hidden').notNull(),
    updatedAt: ms('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.listId, t.userId, t.columnId] })],
);

export const workflows = sqliteTable('workflows', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  createdAt: ms('created_at').notNull(),
  updatedAt: ms('updated_at').notNull(),
});

export const workflowNodes = sqliteTable('workflow_nodes', {
  id: text('id').primaryKey(),
  workflowId: text('workflow_id')
    .notNull()
    .references(() => workflows.id, { onDelete: 'cascade' }),
  type: text('type').notNull(),
  label: text('label').notNull(),
  config: json<Record<string, unknown>>('config').notNull(),
  positionX: real('position_x').notNull(),
  positionY: real('position_y').notNull(),
  ord: integer('ord').notNull(),
});

export const workflowEdges = sqliteTable('workflow_edges', {
  id: text('id').primaryKey(),
  workflowId: text('workflow_id')
    .notNull()
    .references(() => workflows.id, { onDelete: 'cascade' }),
  sourceNodeId: text('source_node_id')
    .notNull()
    .references(() => workflowNodes.id, { onDelete: 'cascade' }),
  targetNodeId: text('target_node_id')
    .notNull()
    .references(() => workflowNodes.id, { onDelete: 'cascade' }),
  sourceHandle: text('source_handle'),
  targetHandle: text('target_handle'),
  condition: json<Record<string, unknown> | null>('condition'),
  ord: integer('ord').notNull(),
});

export const onboardingContexts = sqliteTable(
  'onboarding_contexts',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyName: text('company_name').notNull(),
    website: text('website'),
    goals: json<string[]>('goals').notNull(),
    confirmed: bool('confirmed').notNull(),
    supersededAt: ms('superseded_at'),
    completedAt: ms('completed_at'),
    createdAt: ms('created_at').notNull(),
  },
  (t) => [index('onboarding_contexts_user').on(t.userId, t.createdAt)],
);

export const entities = sqliteTable('entities', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  type: text('type', { enum: values(EntityType) }).notNull(),
  name: text('name').notNull(),
  domain: text('domain'),
});

export const signals = sqliteTable(
  'signals',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    entityId: text('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    signalType: text('signal_type').notNull(),
    signalTypeLabel: text('signal_type_label').notNull(),
    headline: text('headline').notNull(),
    score: real('score').notNull(),
    source: text('source').notNull(),
    url: text('url'),
    status: text('status', { enum: values(SignalStatus) })
      .notNull()
      .default('new'),
    feedback: text('feedback', { enum: values(Rating) }),
    dismissed: bool('dismissed').notNull().default(false),
    /** Set on a signal that repeats another; duplicates are never returned. */
    duplicateOf: text('duplicate_of'),
    detectedAt: ms('detected_at').notNull(),
  },
  (t) => [index('signals_user_detected').on(t.userId, t.detectedAt)],
);

export const scanSettings = sqliteTable('scan_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  scanTime: text('scan_time').notNull(),
  timezone: text('timezone').notNull(),
  updatedAt: ms('updated_at').notNull(),
});

/** Durable background jobs, claimed with a lease. */
export const jobs = sqliteTable(
  'jobs',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    payload: json<unknown>('payload').notNull(),
    status: text('status', { enum: ['pending', 'running', 'done', 'failed'] }).notNull(),
    runAt: ms('run_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    leaseExpiresAt: ms('lease_expires_at'),
    lockedBy: text('locked_by'),
    idempotencyKey: text('idempotency_key').unique(),
    lastError: text('last_error'),
    createdAt: ms('created_at').notNull(),
    updatedAt: ms('updated_at').notNull(),
  },
  (t) => [index('jobs_due').on(t.status, t.runAt)],
);

/** Stored responses of POSTs sent with an Idempotency-Key. */
export const idempotencyKeys = sqliteTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    bodyHash: text('body_hash').notNull(),
    state: text('state', { enum: ['in_flight', 'done'] }).notNull(),
    statusCode: integer('status_code'),
    responseBody: text('response_body'),
    createdAt: ms('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);

export const campaigns = sqliteTable(
  'campaigns',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type', { enum: values(Channel) }).notNull(),
    status: text('status', { enum: values(CampaignStatus) }).notNull(),
    dailyLimit: integer('daily_limit'),
    stopOnReply: bool('stop_on_reply'),
    openTracking: bool('open_tracking'),
    signature: text('signature'),
    skipOtherCampaigns: bool('skip_other_campaigns'),
    operatingHours: json<{ timezone: string; windows: { day: string; start: string; end: string }[] } | null>(
      'operating_hours',
    ),
    accountLimits: json<{ account_id: string; daily_limit: number }[]>('account_limits').notNull(),
    statTotal: integer('stat_total').notNull().default(0),
    statSent: integer('stat_sent').notNull().default(0),
    statReplied: integer('stat_replied').notNull().default(0),
    statBounced: integer('stat_bounced').notNull().default(0),
    statCompleted: integer('stat_completed').notNull().default(0),
    statTimedOut: integer('stat_timed_out').notNull().default(0),
    statConnectionSent: integer('stat_connection_sent').notNull().default(0),
    statConnected: integer('stat_connected').notNull().default(0),
    statMessageSent: integer('stat_message_sent').notNull().default(0),
    launchRunId: text('launch_run_id'),
    launchedAt: ms('launched_at'),
    createdAt: ms('created_at').notNull(),
    updatedAt: ms('updated_at').notNull(),
  },
  (t) => [index('campaigns_user').on(t.userId, t.createdAt)],
);

export const campaignSenders = sqliteTable(
  'campaign_senders',
  {
    campaignId: text('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    accountId: text('account_id')
      .notNull()
      .references(() => senderAccounts.id, { onDelete: 'cascade' }),
    isDefault: bool('is_default').notNull(),
    ord: integer('ord').notNull(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.accountId] })],
);

export const sequenceNodes = sqliteTable(
  'sequence_nodes',
  {
    id: text('id').primaryKey(),
    campaignId: text('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    type: text('type', { enum: values(NodeType) }).notNull(),
    position: integer('position').notNull(),
    subject: text('subject'),
    body: text('body'),
    signature: text('signature'),
    includeMessage: bool('include_message'),
    isReply: bool('is_reply'),
    delayDays: integer('delay_days'),
    delayHours: integer('delay_hours'),
    delayMinutes: integer('delay_minutes'),
    aiNode: json<{ purpose: string; output_type: string } | null>('ai_node'),
    createdAt: ms('created_at').notNull(),
  },
  (t) => [index('sequence_nodes_campaign').on(t.campaignId, t.position)],
);

export const leads = sqliteTable(
  'leads',
  {
    id: text('id').primaryKey(),
    campaignId: text('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    email: text('email'),
    linkedinUrl: text('linkedin_url'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    company: text('company'),
    title: text('title'),
    customFields: json<Record<string, string>>('custom_fields').notNull(),
    status: text('status', {
      enum: values(LeadStatus),
    }).notNull(),
    currentPosition: integer('current_position').notNull().default(0),
    nextRunAt: ms('next_run_at'),
    senderAccountId: text('sender_account_id'),
    /** When the profile accepted the connection request (social network). */
    connectedAt: ms('connected_at'),
    /** When the recipient first replied. */
    repliedAt: ms('replied_at'),
    lastSentAt: ms('last_sent_at'),
    createdAt: ms('created_at').notNull(),
    updatedAt: ms('updated_at').notNull(),
  },
  (t) => [
    index('leads_due').on(t.campaignId, t.status, t.nextRunAt),
    uniqueIndex('leads_campaign_email').on(t.campaignId, t.email),
    uniqueIndex('leads_campaign_linkedin').on(t.campaignId, t.linkedinUrl),
  ],
);

/** One row per step a lead took that sends something: the outbox of campaign sends. */
export const sends = sqliteTable(
  'sends',
  {
    id: text('id').primaryKey(),
    campaignId: text('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    leadId: text('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    nodeId: text('node_id').notNull(),
    accountId: text('account_id').notNull(),
    kind: text('kind', { enum: ['email', 'connection_request', 'message'] }).notNull(),
    status: text('status', { enum: ['sending', 'sent', 'bounced', 'failed'] }).notNull(),
    providerMessageId: text('provider_message_id'),
    createdAt: ms('created_at').notNull(),
    sentAt: ms('sent_at'),
  },
  // A lead takes each step once: a second send of the same step is impossible.
  (t) => [uniqueIndex('sends_once').on(t.leadId, t.nodeId), index('sends_campaign_time').on(t.campaignId, t.sentAt)],
);

export const threads = sqliteTable(
  'threads',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: values(Channel) }).notNull(),
    status: text('status', { enum: values(ThreadStatus) }).notNull(),
    inboxState: text('inbox_state', {
      enum: values(InboxState),
    }).notNull(),
    subject: text('subject'),
    accountId: text('account_id').references(() => senderAccounts.id, { onDelete: 'set null' }),
    campaignId: text('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    recipientEmail: text('recipient_email'),
    recipientName: text('recipient_name'),
    recipientProfileUrl: text('recipient_profile_url'),
    outboundCount: integer('outbound_count').notNull().default(0),
    inboundCount: integer('inbound_count').notNull().default(0),
    hasOneOff: bool('has_one_off').notNull().default(false),
    lastMessageAt: ms('last_message_at'),
    createdAt: ms('created_at').notNull(),
    updatedAt: ms('updated_at').notNull(),
  },
  (t) => [index('threads_user_recent').on(t.userId, t.lastMessageAt)],
);

export const messages = sqliteTable(
  'messages',
  {
    id: text('id').primaryKey(),
    threadId: text('thread_id')
      .notNull()
      .references(() => threads.id, { onDelete: 'cascade' }),
    direction: text('direction', { enum: values(MessageDirection) }).notNull(),
    channel: text('channel', { enum: values(Channel) }).notNull(),
    subject: text('subject'),
    bodyText: text('body_text').notNull(),
    bodyHtml: text('body_html'),
    fromAddress: text('from_address'),
    to: json<string[]>('to').notNull(),
    cc: json<string[]>('cc').notNull(),
    bcc: json<string[]>('bcc').notNull(),
    attachments: json<unknown[]>('attachments').notNull(),
    oneOff: bool('one_off').notNull().default(false),
    providerMessageId: text('provider_message_id'),
    inReplyTo: text('in_reply_to'),
    sentAt: ms('sent_at'),
    createdAt: ms('created_at').notNull(),
  },
  (t) => [index('messages_thread').on(t.threadId, t.createdAt), index('messages_provider_id').on(t.providerMessageId)],
);

export const posts = sqliteTable(
  'posts',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title'),
    content: text('content').notNull(),
    hashtags: json<string[]>('hashtags').notNull(),
    channels: json<string[]>('channels').notNull(),
    scheduledAt: ms('scheduled_at'),
    accountIds: json<string[]>('account_ids').notNull(),
    status: text('status', { enum: values(PostStatus) }).notNull(),
    providerPostId: text('provider_post_id'),
    mediaItems: json<{ url: string; type: string }[]>('media_items').notNull(),
    archivedAt: ms('archived_at'),
    postedAt: ms('posted_at'),
    createdAt: ms('created_at').notNull(),
    updatedAt: ms('updated_at').notNull(),
  },
  (t) => [index('posts_user_scheduled').on(t.userId, t.scheduledAt)],
);

export const media = sqliteTable('media', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  type: text('type', { enum: values(MediaType) }).notNull(),
  mimeType: text('mime_type').notNull(),
  size: integer('size').notNull(),
  bytes: blob('bytes', { mode: 'buffer' }).notNull(),
  createdAt: ms('created_at').notNull(),
});

export const researchPeople = sqliteTable(
  'research_people',
  {
    id: text('id').primaryKey(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    userId: text('user_id'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    linkedinUrl: text('linkedin_url').notNull(),
    role: text('role'),
    company: text('company'),
    companyDomain: text('company_domain'),
    photoUrl: text('photo_url'),
    status: text('status', { enum: values(ResearchStatus) }).notNull(),
    /** Bumped by every pipeline run; the run's job is keyed by it. */
    run: integer('run').notNull().default(0),
    lastEnrichedAt: ms('last_enriched_at'),
    createdAt: ms('created_at').notNull(),
    updatedAt: ms('updated_at').notNull(),
  },
  // The normalised profile URL is the per-partner duplicate key.
  (t) => [uniqueIndex('research_people_partner_url').on(t.partnerId, t.linkedinUrl)],
);

export const researchReports = sqliteTable(
  'research_reports',
  {
    id: text('id').primaryKey(),
    personId: text('person_id')
      .notNull()
      .references(() => researchPeople.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    report: json<Record<string, unknown>>('report').notNull(),
    changeSummary: text('change_summary'),
    createdAt: ms('created_at').notNull(),
  },
  (t) => [uniqueIndex('research_reports_version').on(t.personId, t.version)],
);

/** Durable outbox of events, written in the transaction of the change that caused them. */
export const events = sqliteTable(
  'events',
  {
    id: text('id').primaryKey(),
    partnerId: text('partner_id'),
    userId: text('user_id'),
    type: text('type', { enum: values(EventType) }).notNull(),
    payload: json<Record<string, unknown>>('payload').notNull(),
    createdAt: ms('created_at').notNull(),
  },
  (t) => [index('events_partner').on(t.partnerId, t.createdAt)],
);

/** A partner's webhook endpoint and the event types it receives. */
export const webhookEndpoints = sqliteTable(
  'webhook_endpoints',
  {
    id: text('id').primaryKey(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description'),
    eventTypes: json<string[]>('event_types').notNull(),
    createdAt: ms('created_at').notNull(),
    updatedAt: ms('updated_at').notNull(),
  },
  (t) => [index('webhook_endpoints_partner').on(t.partnerId)],
);

/**
 * Signing secrets of an endpoint. The current one has no `expiresAt`; after a rotation the
 * previous one keeps signing until `expiresAt`, so receivers can switch without a gap.
 */
export const webhookSecrets = sqliteTable(
  'webhook_secrets',
  {
    id: text('id').primaryKey(),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    secret: text('secret').notNull(),
    createdAt: ms('created_at').notNull(),
    expiresAt: ms('expires_at'),
  },
  (t) => [index('webhook_secrets_endpoint').on(t.endpointId)],
);

/** One event to one endpoint: the unit that is retried until a 2xx or the retry horizon. */
export const webhookDeliveries = sqliteTable(
  'webhook_deliveries',
  {
    /** Sent as `webhook-id`: the same on every attempt, so receivers can deduplicate. */
    id: text('id').primaryKey(),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ms('next_attempt_at'),
    leaseExpiresAt: ms('lease_expires_at'),
    lockedBy: text('locked_by'),
    createdAt: ms('created_at').notNull(),
    updatedAt: ms('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_endpoint').on(t.eventId, t.endpointId),
    index('webhook_deliveries_due').on(t.status, t.nextAttemptAt),
    index('webhook_deliveries_endpoint').on(t.endpointId, t.createdAt),
  ],
);

/** Every attempt of a delivery, for the portal's delivery log. */
export const webhookAttempts = sqliteTable(
  'webhook_attempts',
  {
    id: text('id').primaryKey(),
    deliveryId: text('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    trigger: text('trigger', { enum: ['scheduled', 'manual'] }).notNull(),
    startedAt: ms('started_at').notNull(),
    /** HTTP status; null when no response arrived (refused, time-out). */
    statusCode: integer('status_code'),
    latencyMs: integer('latency_ms').notNull(),
    responseSnippet: text('response_snippet'),
    error: text('error'),
  },
  (t) => [index('webhook_attempts_delivery').on(t.deliveryId, t.startedAt)],
);

/** Portal links (5 minutes) and the browser sessions they open. Only token hashes are stored. */
export const portalSessions = sqliteTable('portal_sessions', {
  id: text('id').primaryKey(),
  partnerId: text('partner_id')
    .notNull()
    .references(() => partners.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: ['link', 'session'] }).notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  csrfToken: text('csrf_token'),
  createdAt: ms('created_at').notNull(),
  expiresAt: ms('expires_at').notNull(),
});
