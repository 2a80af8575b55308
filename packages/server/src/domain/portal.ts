import { LIMITS } from '@outbound/schema';
import { and, eq, lte } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { portalSessions } from '../db/schema.js';
import { randomToken, sha256Hex, uuid } from '../lib/crypto.js';
import { iso } from '../lib/time.js';

export const PORTAL_COOKIE = 'outbound_portal';
export const PORTAL_PATH = '/portal';

/**
 * A portal link for a partner: `<base>/portal/login/<token>`, valid 5 minutes. Opening it starts
 * a portal browser session; the link itself is only ever stored as a hash.
 */
export async function createPortalLink(
  ctx: AppContext,
  partnerId: string,
): Promise<{ url: string; expires_at: string }> {
  const token = randomToken(32);
  const now = ctx.clock.now();
  const expiresAt = now + LIMITS.portalUrlTtlMs;
  // Expired links and sessions go when new links are made, so the table stays small.
  ctx.db.delete(portalSessions).where(lte(portalSessions.expiresAt, now)).run();
  ctx.db
    .insert(portalSessions)
    .values({
      id: uuid(),
      partnerId,
      kind: 'link',
      tokenHash: await sha256Hex(token),
      createdAt: now,
      expiresAt,
    })
    .run();
  return { url: `${ctx.config.baseUrl.replace(/\/$/, '')}${PORTAL_PATH}/login/${token}`, expires_at: iso(expiresAt) };
}

export type PortalLookup =
  | { ok: true; partnerId: string; csrfToken: string }
  | { ok: false; reason: 'unknown' | 'expired' };

async function find(ctx: AppContext, kind: 'link' | 'session', token: string) {
  return ctx.db
    .select()
    .from(portalSessions)
    .where(and(eq(portalSessions.tokenHash, await sha256Hex(token)), eq(portalSessions.kind, kind)))
    .get();
}

/** Exchanges a portal link for a session token (cookie value), while the link is valid. */
export async function openPortalSession(
  ctx: AppContext,
  linkToken: string,
): Promise<{ ok: true; token: string; maxAgeSeconds: number } | { ok: false; reason: 'unknown' | 'expired' }> {
  const link = await find(ctx, 'link', linkToken);
  if (!link) return { ok: false, reason: 'unknown' };
  const now = ctx.clock.now();
  if (link.expiresAt <= now) return { ok: false, reason: 'expired' };
  const token = randomToken(32);
  ctx.db
    .insert(portalSessions)
    .values({
      id: uuid(),
      partnerId: link.partnerId,
      kind: 'session',
      tokenHash: await sha256Hex(token),
      csrfToken: randomToken(24),
      createdAt: now,
      expiresAt: now + ctx.config.portalSessionTtlMs,
    })
    .run();
  return { ok: true, token, maxAgeSeconds: Math.floor(ctx.config.portalSessionTtlMs / 1000) };
}

/** The partner behind a portal session cookie. */
export async function portalSession(ctx: AppContext, token: string | undefined): Promise<PortalLookup> {
  if (!token) return { ok: false, reason: 'unknown' };
  const row = await find(ctx, 'session', token);
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.expiresAt <= ctx.clock.now()) return { ok: false, reason: 'expired' };
  return { ok: true, partnerId: row.partnerId, csrfToken: row.csrfToken ?? '' };
}
