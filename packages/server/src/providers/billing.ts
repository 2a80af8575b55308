import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { partners, users } from '../db/schema.js';
import { prepared } from '../lib/prepared.js';

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
        const q = prepared(db, 'billing.userBalance', (d) =>
          d
            .select({ b: users.creditBalance })
            .from(users)
            .where(eq(users.id, sql.placeholder('id')))
            .prepare(),
        );
        return q.get({ id: owner.userId })?.b ?? 0;
      }
      const q = prepared(db, 'billing.partnerBalance', (d) =>
        d
          .select({ b: partners.creditBalance })
          .from(partners)
          .where(eq(partners.id, sql.placeholder('id')))
          .prepare(),
      );
      return q.get({ id: owner.partnerId })?.b ?? 0;
    },
  };
}
