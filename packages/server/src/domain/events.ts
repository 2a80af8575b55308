import type { EventType } from '@outbound/schema';
import { events } from '../db/schema.js';
import type { Tx } from '../db/tx.js';
import { uuid } from '../lib/crypto.js';
import { iso } from '../lib/time.js';
import { fanOut } from './webhooks.js';

/**
 * Writes an event to the outbox with one queued delivery per subscribed endpoint, inside the
 * transaction of the change that caused it.
 */
export function emitEvent(
  t: Tx,
  owner: { partnerId?: string; userId?: string },
  type: EventType,
  data: Record<string, unknown>,
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
