import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { idempotencyKeys } from '../../db/schema.js';
import { sha256Hex } from '../../lib/crypto.js';
import { HttpError } from '../../lib/http-error.js';

export interface StoredResponse {
  status: number;
  body: string | null;
}

export interface IdempotentCall {
  /** The response of the first call with this key, when this call is a replay. */
  replay?: StoredResponse;
  /** Records the outcome of the first call. */
  finish(status: number, body: string | null, reason?: string): void;
}

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** Whether an outcome is stored for replay: what happened must not happen again. */
function isFinal(status: number, reason?: string): boolean {
  if (status === 429) return false; // nothing happened; retry later with the same key
  if (status >= 500) return reason === 'sent_not_saved'; // the action took place: never redo it
  return true;
}

/**
 * Idempotency-Key on POST: the same key with the same body within the retention window replays
 * the first response; with a different body it is refused with 422; while the first call runs,
 * a second one gets 409.
 */
export async function beginIdempotent(
  ctx: AppContext,
  scope: string,
  key: string,
  request: { method: string; path: string; body: string },
): Promise<IdempotentCall> {
  if (!KEY_PATTERN.test(key)) {
    throw new HttpError(400, 'Idempotency-Key must be 1 to 255 visible ASCII characters', {
      field: 'Idempotency-Key',
    });
  }
  const bodyHash = await sha256Hex(`${request.method} ${request.path}\n${request.body}`);
  const now = ctx.clock.now();
  const where = and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));
  const existing = ctx.db.select().from(idempotencyKeys).where(where).get();
  if (existing && now - existing.createdAt < ctx.config.idempotencyTtlMs) {
    if (existing.bodyHash !== bodyHash) {
      throw new HttpError(422, 'This Idempotency-Key was used with a different request: use a new key', {
        reason: 'idempotency_key_reused',
        field: 'Idempotency-Key',
      });
    }
    if (existing.state === 'in_flight') {
      throw new HttpError(409, 'A request with this Idempotency-Key is still in progress');
    }
    return { replay: { status: existing.statusCode ?? 200, body: existing.responseBody }, finish: () => {} };
  }
  if (existing) ctx.db.delete(idempotencyKeys).where(where).run();
  const inserted = ctx.db
    .insert(idempotencyKeys)
    .values({ scope, key, method: request.method, path: request.path, bodyHash, state: 'in_flight', createdAt: now })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key })
    .get();
  if (!inserted) throw new HttpError(409, 'A request with this Idempotency-Key is still in progress');
  return {
    finish(status, body, reason) {
      if (isFinal(status, reason)) {
        ctx.db
          .update(idempotencyKeys)
          .set({ state: 'done', statusCode: status, responseBody: body })
          .where(where)
          .run();
      } else {
        ctx.db.delete(idempotencyKeys).where(where).run();
      }
    },
  };
}
