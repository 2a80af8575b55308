import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { partners, users } from '../db/schema.js';

/** Thrown by a billing provider that cannot be reached. */
export class BillingUnavailableError extends Error {
  override readonly name = 'BillingUnavailableError';
}

export type PlanState = 'active' | 'none';

/** Where plans and credit balances live. */
export interface BillingProvider {
  /** Whether the account has an active plan. Throws BillingUnavailableError on an outage. */
  planState(userId: string): Promise<PlanState>;
  /** Credit balance of a user account or a partner. Throws BillingUnavailableError on an outage. */
  balance(owner: { userId: string } | { partnerId: string }): Promise<number>;
}

/** Billing kept in the server's own database (plan column and credit balance). */
export function localBilling(db: Db): BillingProvider {
  return {
    async planState(userId) {
      const row = db.select({ plan: users.plan }).from(users).where(eq(users.id, userId)).get();
      return row && row.plan !== 'none' ? 'active' : 'none';
    },
    async balance(owner) {
      if ('userId' in owner) {
        return db.select({ b: users.creditBalance }).from(users).where(eq(users.id, owner.userId)).get()?.b ?? 0;
      }
      return (
        db.select({ b: partners.creditBalance }).from(partners).where(eq(partners.id, owner.partnerId)).get()?.b ?? 0
      );
    },
  };
}
