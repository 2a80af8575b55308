import type { AuthKind } from '@outbound/schema';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppContext, Principal } from '../../context.js';
import { apiKeys, partnerKeys, sessions } from '../../db/schema.js';
import { PARTNER_KEY_PREFIX } from '../../domain/keys.js';
import { constantTimeEqual, sha256Hex } from '../../lib/crypto.js';
import { HttpError } from '../../lib/http-error.js';
import { prepared } from '../../lib/prepared.js';

export const SESSION_COOKIE = 'outbound_session';

/** How often `last_used_at` of a key is written, at most. */
const LAST_USED_RESOLUTION_MS = 60_000;

function bearer(c: Context): string | undefined {
  const header = c.req.header('authorization');
  const m = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return m?.[1];
}

/**
 * Resolves the caller for an operation of the given auth kind, or throws 401 (403 for a
 * session write without its CSRF token).
 */
export async function authenticate(
  ctx: AppContext,
  c: Context,
  kind: AuthKind,
  address: string,
  alsoSession = false,
): Promise<Principal> {
  switch (kind) {
    case 'none':
      return { kind: 'anonymous', address };
    case 'apiKey':
      // An operation that also takes a dashboard session reads the cookie when no Bearer is sent.
      if (alsoSession && !bearer(c) && getCookie(c, SESSION_COOKIE)) return userFromSession(ctx, c);
      return userFromApiKey(ctx, bearer(c));
    case 'partnerKey':
      return partnerFromKey(ctx, bearer(c));
    case 'session':
      return userFromSession(ctx, c);
  }
}

/** The key lookup runs on every API-key request: prepared once per database. */
const activeKeyByHash = (db: AppContext['db']) =>
  prepared(db, 'auth.activeKeyByHash', (d) =>
    d
      .select({ id: apiKeys.id, userId: apiKeys.userId, keyHash: apiKeys.keyHash, lastUsedAt: apiKeys.lastUsedAt })
      .from(apiKeys)
      .where(and(eq(apiKeys.keyHash, sql.placeholder('hash')), isNull(apiKeys.revokedAt)))
      .prepare(),
  );

async function userFromApiKey(ctx: AppContext, token: string | undefined): Promise<Principal> {
  if (!token) throw new HttpError(401, 'Missing Bearer token: send Authorization: Bearer <API_KEY>');
  if (token.startsWith(PARTNER_KEY_PREFIX)) throw new HttpError(401, 'Partner keys are accepted only on /api/v1/*');
  const hash = await sha256Hex(token);
  const row = activeKeyByHash(ctx.db).get({ hash });
  if (!row || !constantTimeEqual(row.keyHash, hash)) throw new HttpError(401, 'Invalid or revoked API key');
  const now = ctx.clock.now();
  if (row.lastUsedAt === null || now - row.lastUsedAt > LAST_USED_RESOLUTION_MS) {
    try {
      ctx.db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, row.id)).run();
    } catch (error) {
      // Best effort: a read must not fail because its bookkeeping cannot be written (read-only
      // or full storage); the next request tries again.
      ctx.logger.warn({ err: String(error) }, 'last_used_at not written');
    }
  }
  return { kind: 'user', userId: row.userId, via: 'apiKey', apiKeyId: row.id };
}

async function partnerFromKey(ctx: AppContext, token: string | undefined): Promise<Principal> {
  if (!token) throw new HttpError(401, 'Missing Bearer token: send Authorization: Bearer <PARTNER_KEY>');
  if (!token.startsWith(PARTNER_KEY_PREFIX)) {
    throw new HttpError(401, 'Partner endpoints require a partner key; user API keys are rejected');
  }
  const hash = await sha256Hex(token);
  const row = ctx.db
    .select({ id: partnerKeys.id, partnerId: partnerKeys.partnerId, keyHash: partnerKeys.keyHash })
    .from(partnerKeys)
    .where(and(eq(partnerKeys.keyHash, hash), isNull(partnerKeys.revokedAt)))
    .get();
  if (!row || !constantTimeEqual(row.keyHash, hash)) throw new HttpError(401, 'Invalid or revoked partner key');
  return { kind: 'partner', partnerId: row.partnerId, keyId: row.id };
}

async function userFromSession(ctx: AppContext, c: Context): Promise<Principal> {
  const token = getCookie(c, SESSION_COOKIE);
  if (!token) throw new HttpError(401, 'This route needs a dashboard session: log in first');
  const hash = await sha256Hex(token);
  const row = ctx.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.tokenHash, hash), gt(sessions.expiresAt, ctx.clock.now())))
    .get();
  if (!row) throw new HttpError(401, 'The dashboard session is missing or expired: log in again');
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
    const csrf = c.req.header('x-csrf-token') ?? '';
    if (!constantTimeEqual(csrf, row.csrfToken)) {
      throw new HttpError(403, 'Missing or wrong x-csrf-token header: send the token returned at login', {
        reason: 'csrf',
      });
    }
  }
  return { kind: 'user', userId: row.userId, via: 'session', sessionId: row.id, csrfToken: row.csrfToken };
}
