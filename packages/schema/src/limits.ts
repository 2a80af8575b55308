/**
 * Every row of the spec's Limits table, plus the bounds this contract chose where the spec
 * leaves one open (see docs/decisions.md). Schemas, the server and the tests read these names.
 */
export const LIMITS = {
  /** Campaign `daily_limit` / `dailyLimit`. */
  campaignDailyLimit: { min: 1, max: 500 },
  /** Per-sender `account_limits[].daily_limit` (bounds not shown by the spec: same as the campaign's). */
  accountDailyLimit: { min: 1, max: 500 },
  /** Delay node total, in minutes: at least 1 minute and at most 30 days. */
  delayTotalMinutes: { min: 1, max: 30 * 24 * 60 },
  /** Campaign name: min length 1 (max chosen here). */
  campaignName: { min: 1, max: 200 },
  /** Message `body_text`: min length 1 (max chosen here). */
  messageBodyText: { min: 1, max: 50_000 },
  /** Research `first_name` and `last_name`: at most 100 characters each. */
  researchName: { min: 1, max: 100 },
  /** Research `linkedin_url` must contain this fragment. */
  researchLinkedInFragment: 'linkedin.com/in/',
  /** Credit preview `count`: integer from 1 to 2^53 - 1. */
  creditPreviewCount: { min: 1, max: Number.MAX_SAFE_INTEGER },
  /** Signals `days`: 1 to 365, default 7. */
  signalsDays: { min: 1, max: 365, default: 7 },
  /** A scheduled post must be in the future; a time up to this many ms in the past is accepted. */
  scheduledPostGraceMs: 60_000,
  /** Active API keys per account. */
  activeApiKeysPerAccount: 1,
  /** Hosted social-network connection URL lifetime. */
  hostedConnectionUrlTtlMs: 60 * 60_000,
  /** Webhook portal URL lifetime. */
  portalUrlTtlMs: 5 * 60_000,
  /** A webhook endpoint must answer 2xx within this time. */
  webhookResponseTimeoutMs: 30_000,
  /** Failed webhook deliveries are retried for this long. */
  webhookRetryHorizonMs: 3 * 24 * 60 * 60_000,
  /** `sequence_nodes` in a campaign update: the spec's "body array with a maximum length of 50". */
  sequenceNodes: { max: 50 },
  /** `sender_account_ids` and `account_limits` in a campaign body (chosen here). */
  campaignSenders: { max: 100 },
  /** Recipients added in one call (chosen here). */
  leadsPerRequest: { max: 1000 },
  /** Page size for paged lists (chosen here). */
  pageSize: { min: 1, max: 100, default: 25 },
  /** Highest page number accepted (chosen here; deep pages are a sign of a missing filter). */
  page: { min: 1, max: 100_000 },
} as const;
