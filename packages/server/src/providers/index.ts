import type { Db } from '../db/client.js';
import { type BillingProvider, localBilling } from './billing.js';
import { SimulatedSocialnet, type SocialnetProvider } from './socialnet.js';

export * from './billing.js';
export * from './socialnet.js';

/** External effects go through these; each has a working local implementation. */
export interface Providers {
  billing: BillingProvider;
  socialnet: SocialnetProvider & Partial<Pick<SimulatedSocialnet, 'remember'>>;
}

export function defaultProviders(db: Db, overrides: Partial<Providers> = {}): Providers {
  return {
    billing: overrides.billing ?? localBilling(db),
    socialnet: overrides.socialnet ?? new SimulatedSocialnet(),
  };
}
