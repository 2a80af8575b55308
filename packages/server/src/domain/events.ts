import type { EventType, WebhookEventOf } from '@outbound/schema';
import { events } from '../db/schema.js';
import type { Tx } from '../db/tx.js';
import { uuid } from '../lib/crypto.js';
import { iso } from '../lib/time.js';
import { fanOut } from './webhooks.js';

/**
 * Writes an event to the outbox with one queued delivery per subscribed endpoint, inside the
 * transaction of the change that caused it. `data` is typed by the contract's event schema.
 */
export function emitEvent<T extends EventType>(
  t: Tx,
  owner: { partnerId?: string; userId?: string },
  type: T,
  data: WebhookEventOf<T>['data'],
  now: number,
): string {
  const id = uuid();
  const partnerId = owner.partnerId ?? null;
  const userId = owner.userId ?? null;
  t.insert(events)
    .values({ id, partnerId, userId, type, payload: { type, timestamp: iso(now), data }, createdAt: now })
    .run();
  fanOut(t, { id, type, partnerId, userId }, now);
  return id;
}
