import type { Db } from '../db/client.js';
import { type BillingProvider, localBilling } from './billing.js';
import { type MailProvider, RecordingMail } from './mail.js';
import { type ResearchProvider, SimulatedResearch } from './research.js';
import { type SchedulerProvider, SimulatedScheduler } from './scheduler.js';
import { SimulatedSocialnet, type SocialnetProvider } from './socialnet.js';
import { FetchWebhookSender, type WebhookSender } from './webhooks.js';

export * from './billing.js';
export * from './mail.js';
export * from './research.js';
export * from './scheduler.js';
export * from './socialnet.js';
export * from './webhooks.js';

/** External effects go through these; each has a working local implementation. */
export interface Providers {
  billing: BillingProvider;
  socialnet: SocialnetProvider & Partial<Pick<SimulatedSocialnet, 'remember'>>;
  mail: MailProvider;
  scheduler: SchedulerProvider;
  research: ResearchProvider;
  webhooks: WebhookSender;
}

export function defaultProviders(db: Db, overrides: Partial<Providers> = {}): Providers {
  return {
    billing: overrides.billing ?? localBilling(db),
    socialnet: overrides.socialnet ?? new SimulatedSocialnet(),
    mail: overrides.mail ?? new RecordingMail(),
    scheduler: overrides.scheduler ?? new SimulatedScheduler(),
    research: overrides.research ?? new SimulatedResearch(),
    webhooks: overrides.webhooks ?? new FetchWebhookSender(),
  };
}
