/** Defaults of the server configuration, in one place. */
export const defaultConfig = {
  /** Public base address the API is reached at; hosted URLs are built under it. */
  baseUrl: 'http://127.0.0.1:8787',
  /** `development` allows plain-http webhook endpoints on loopback; `test` validates every response. */
  mode: 'production' as 'production' | 'development' | 'test',
  /**
   * Requests per window per key (or per address for unauthenticated routes).
   * @default 600 requests per 60 000 ms
   */
  rateLimit: { limit: 600, windowMs: 60_000 } as { limit: number; windowMs: number } | false,
  /** Addresses of reverse proxies whose `x-forwarded-proto: https` is believed. */
  trustedProxies: [] as string[],
  /** Largest JSON request body, in bytes. @default 1 MiB */
  bodyLimitBytes: 1024 * 1024,
  /** PBKDF2 iterations for dashboard passwords. */
  passwordIterations: 210_000,
  /** Dashboard session lifetime, ms. @default 12 hours */
  sessionTtlMs: 12 * 3_600_000,
  /** Shared secret that signs inbound provider notifications. */
  providerSecret: 'change-me-provider-secret',
  /** Check every success body against the registry schema (on in tests). */
  validateResponses: false,
  /** Idempotency-Key retention, ms. @default 24 hours */
  idempotencyTtlMs: 24 * 3_600_000,
  /** Lease of a claimed job, ms; a job whose lease expires is claimed again. @default 60 s */
  jobLeaseMs: 60_000,
  /** Interval between two dispatch runs of an active campaign, ms. @default 60 s */
  campaignTickMs: 60_000,
  /** How long the research pipeline takes, ms. @default 5 s */
  researchDurationMs: 5_000,
  /** A complete research report is refreshed after this long, ms. @default 30 days */
  researchRefreshMs: 30 * 86_400_000,
  /** A webhook attempt without a complete 2xx answer within this time fails. @default 30 s */
  webhookTimeoutMs: 30_000,
  /** Delay before the first webhook retry; each later one is three times longer (±20 % jitter), capped at 12 h. @default 5 s */
  webhookRetryBaseMs: 5_000,
  /** After a secret rotation the previous secret keeps signing this long. @default 24 hours */
  webhookSecretOverlapMs: 24 * 3_600_000,
  /** Portal browser sessions opened from a portal link last this long. @default 1 hour */
  portalSessionTtlMs: 3_600_000,
};

export type ServerConfig = typeof defaultConfig;
