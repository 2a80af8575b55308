import type { EventType } from '@outbound/schema';
import { events } from '../db/schema.js';
import type { Tx } from '../db/tx.js';
import { uuid } from '../lib/crypto.js';
import { iso } from '../lib/time.js';

/** Writes an event to the outbox, inside the transaction of the change that caused it. */
export function emitEvent(
  t: Tx,
  owner: { partnerId?: string; userId?: string },
  type: EventType,
  data: Record<string, unknown>,
  now: number,
): void {
  t.insert(events)
    .values({
      id: uuid(),
      partnerId: owner.partnerId ?? null,
      userId: owner.userId ?? null,
      type,
      payload: { type, timestamp: iso(now), data },
      createdAt: now,
    })
    .run();
}
