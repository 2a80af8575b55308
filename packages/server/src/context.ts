import type { Clock } from './clock.js';
import type { Db } from './db/client.js';
import type { ServerConfig } from './defaults.js';
import type { WebhookDispatcher } from './domain/webhooks.js';
import type { JobRunner } from './jobs/runner.js';
import type { Logger } from './logger.js';
import type { Providers } from './providers/index.js';

/** What every domain function receives: storage, time, configuration and the outside world. */
export interface AppContext {
  db: Db;
  clock: Clock;
  config: ServerConfig;
  providers: Providers;
  runner: JobRunner;
  /** Sends queued webhook deliveries. */
  webhooks: WebhookDispatcher;
  logger: Logger;
}

/** Who is calling. */
export type Principal =
  | { kind: 'user'; userId: string; via: 'apiKey'; apiKeyId: string }
  | { kind: 'user'; userId: string; via: 'session'; sessionId: string; csrfToken: string }
  | { kind: 'partner'; partnerId: string; keyId: string }
  | { kind: 'anonymous'; address: string };

export type UserPrincipal = Extract<Principal, { kind: 'user' }>;
export type PartnerPrincipal = Extract<Principal, { kind: 'partner' }>;
