import { z } from 'zod';

const LogLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

/** The server's environment, validated once at start-up. */
export const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(8787),
  HOST: z.string().min(1).default('127.0.0.1'),
  OUTBOUND_DB: z.string().min(1).default('./data/outbound.db'),
  OUTBOUND_BASE_URL: z.url().optional(),
  OUTBOUND_TLS_CERT: z.string().min(1).optional(),
  OUTBOUND_TLS_KEY: z.string().min(1).optional(),
  OUTBOUND_TRUSTED_PROXIES: z
    .string()
    .optional()
    .transform((v) =>
      v
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : [],
    ),
  OUTBOUND_MODE: z.enum(['production', 'development', 'test']).default('production'),
  OUTBOUND_PROVIDER_SECRET: z.string().min(16).optional(),
  OUTBOUND_RATE_LIMIT: z.coerce.number().int().min(0).max(1_000_000).optional(),
  LOG_LEVEL: LogLevel.default('info'),
  /** Send email over SMTP: smtp://user:pass@host:port or smtps://... */
  OUTBOUND_SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//)
    .optional(),
  /** Record email to this JSONL file instead of sending it (no SMTP configured). */
  OUTBOUND_MAIL_LOG: z.string().min(1).optional(),
  OUTBOUND_CAMPAIGN_TICK_MS: z.coerce.number().int().min(10).max(3_600_000).optional(),
  OUTBOUND_JOB_LEASE_MS: z.coerce.number().int().min(500).max(3_600_000).optional(),
  OUTBOUND_WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).optional(),
  OUTBOUND_WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).optional(),
});
export type Env = z.infer<typeof Env>;

/** Parses the environment (flags already merged in); exits with a clear message when invalid. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const r = Env.safeParse(source);
  if (!r.success) {
    const lines = r.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  if (Boolean(r.data.OUTBOUND_TLS_CERT) !== Boolean(r.data.OUTBOUND_TLS_KEY)) {
    throw new Error('Invalid configuration:\n  OUTBOUND_TLS_CERT and OUTBOUND_TLS_KEY go together');
  }
  return r.data;
}
