import { ApiKeyPrefix } from '@outbound/schema';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { apiKeys, partnerKeys, partners } from '../db/schema.js';
import { randomToken, sha256Hex, uuid } from '../lib/crypto.js';
import { HttpError } from '../lib/http-error.js';
import { iso, isoOrNull } from '../lib/time.js';

/** Partner keys use their own prefix, so a user key can never pass for one (nor the reverse). */
export const PARTNER_KEY_PREFIX = 'ptk_live_';

type ApiKeyRow = typeof apiKeys.$inferSelect;

export function apiKeyView(row: ApiKeyRow) {
  return {
    id: row.id,
    prefix: ApiKeyPrefix,
    last4: row.last4,
    created_at: iso(row.createdAt),
    last_used_at: isoOrNull(row.lastUsedAt),
    revoked_at: isoOrNull(row.revokedAt),
  };
}

function isUniqueViolation(error: unknown): boolean {
  const text =
    String((error as { message?: unknown })?.message ?? error) + String((error as { cause?: unknown })?.cause ?? '');
  return /UNIQUE constraint failed|SQLITE_CONSTRAINT/i.test(text);
}

/**
 * Generates the account's API key: `pk_live_` and 32 random bytes. Only its SHA-256 hash is
 * stored; the key is returned once. A second active key is refused with 409 (a partial unique
 * index enforces it, so concurrent creations cannot both win).
 */
export async function createApiKey(ctx: AppContext, userId: string, presetKey?: string) {
  const key = presetKey ?? `${ApiKeyPrefix}${randomToken(32)}`;
  const row: ApiKeyRow = {
    id: uuid(),
    userId,
    keyHash: await sha256Hex(key),
    last4: key.slice(-4),
    createdAt: ctx.clock.now(),
    lastUsedAt: null,
    revokedAt: null,
  };
  try {
    ctx.db.insert(apiKeys).values(row).run();
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new HttpError(409, 'An active API key exists: revoke it before generating a new one');
    }
    throw error;
  }
  return { api_key: apiKeyView(row), key };
}

export function activeApiKey(ctx: AppContext, userId: string): ApiKeyRow | undefined {
  return ctx.db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .get();
}

/** Revokes the active key; effective on the next request. */
export function revokeApiKey(ctx: AppContext, userId: string) {
  const row = ctx.db
    .update(apiKeys)
    .set({ revokedAt: ctx.clock.now() })
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning()
    .get();
  if (!row) throw new HttpError(404, 'There is no active API key');
  return row;
}

export async function createPartnerKey(ctx: AppContext, partnerName: string, partnerId?: string, presetKey?: string) {
  const now = ctx.clock.now();
  let id = partnerId;
  if (!id) {
    id = uuid();
    ctx.db.insert(partners).values({ id, name: partnerName, createdAt: now }).run();
  }
  const key = presetKey ?? `${PARTNER_KEY_PREFIX}${randomToken(32)}`;
  ctx.db
    .insert(partnerKeys)
    .values({ id: uuid(), partnerId: id, keyHash: await sha256Hex(key), last4: key.slice(-4), createdAt: now })
    .run();
  return { partnerId: id, key };
}
