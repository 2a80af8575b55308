/** Defaults of the client, in one place. */
export const defaults = {
  /** Base address of the API. @default the local reference server */
  baseUrl: 'http://127.0.0.1:8787',
  /** Retries after the first attempt. @default 2 */
  maxRetries: 2,
  /** Time-out of one attempt, ms. @default 60 000 */
  timeout: 60_000,
  /** First backoff delay when no Retry-After is given, ms; doubles each retry, with jitter. @default 1 000 */
  initialRetryDelay: 1_000,
  /** Longest backoff delay, ms. @default 30 000 */
  maxRetryDelay: 30_000,
  /** Longest wait a Retry-After header can ask for; longer values are clamped to it, ms. @default 60 000 */
  maxRetryAfter: 60_000,
  /** Polling cadence while a campaign launches or research runs, ms (the spec's 30 s). @default 30 000 */
  pollInterval: 30_000,
  /** Polling cadence while waiting for a new social-network account, ms (the spec's 10 to 20 s). @default 15 000 */
  accountPollInterval: 15_000,
} as const;

export const VERSION = '0.1.0';
