import { LIMITS } from '@outbound/schema';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { hostedConnections } from '../db/schema.js';
import { type Tx, tx } from '../db/tx.js';
import { randomToken, sha256Hex, uuid } from '../lib/crypto.js';
import { iso } from '../lib/time.js';

export type HostedKind = 'extconn' | 'email';
type Row = typeof hostedConnections.$inferSelect;

/**
 * Starts a hosted connection: a one-time URL valid for 1 hour. A new call removes the caller's
 * previous pending connection of the same kind; the latest call wins.
 */
export async function startHostedConnection(ctx: AppContext, userId: string, kind: HostedKind, hint?: string) {
  const token = randomToken(32);
  const now = ctx.clock.now();
  const expiresAt = now + LIMITS.hostedConnectionUrlTtlMs;
  const tokenHash = await sha256Hex(token);
  tx(ctx.db, (t) => {
    t.delete(hostedConnections)
      .where(
        and(
          eq(hostedConnections.userId, userId),
          eq(hostedConnections.kind, kind),
          eq(hostedConnections.status, 'pending'),
        ),
      )
      .run();
    t.insert(hostedConnections)
      .values({ id: uuid(), userId, kind, tokenHash, status: 'pending', hint: hint ?? null, createdAt: now, expiresAt })
      .run();
  });
  return { url: `${ctx.config.baseUrl.replace(/\/$/, '')}/connect/${kind}/${token}`, expires_at: iso(expiresAt) };
}

export type HostedLookup = { ok: true; connection: Row } | { ok: false; reason: 'unknown' | 'expired' | 'used' };

/** Finds the pending connection behind a hosted URL token. */
export async function findHostedConnection(ctx: AppContext, kind: HostedKind, token: string): Promise<HostedLookup> {
  const row = ctx.db
    .select()
    .from(hostedConnections)
    .where(and(eq(hostedConnections.tokenHash, await sha256Hex(token)), eq(hostedConnections.kind, kind)))
    .get();
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.status !== 'pending') return { ok: false, reason: 'used' };
  if (row.expiresAt <= ctx.clock.now()) return { ok: false, reason: 'expired' };
  return { ok: true, connection: row };
}

export function pendingConnectionById(ctx: AppContext, id: string): Row | undefined {
  const row = ctx.db.select().from(hostedConnections).where(eq(hostedConnections.id, id)).get();
  return row && row.status === 'pending' && row.expiresAt > ctx.clock.now() ? row : undefined;
}

/** Marks a pending connection completed, once: false when another completion won. */
export function completeHostedConnection(t: Tx, id: string, accountId: string): boolean {
  const row = t
    .update(hostedConnections)
    .set({ status: 'completed', accountId })
    .where(and(eq(hostedConnections.id, id), eq(hostedConnections.status, 'pending')))
    .returning({ id: hostedConnections.id })
    .get();
  return row !== undefined;
}
