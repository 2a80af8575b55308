import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { sessions, users } from '../db/schema.js';
import { hashPassword, randomToken, sha256Hex, uuid, verifyPassword } from '../lib/crypto.js';
import { HttpError } from '../lib/http-error.js';
import { iso } from '../lib/time.js';

type UserRow = typeof users.$inferSelect;

export function accountView(u: UserRow) {
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    plan: u.plan,
    onboarding_completed: u.onboardingCompleted,
    created_at: iso(u.createdAt),
  };
}

export function getUser(ctx: AppContext, userId: string): UserRow {
  const u = ctx.db.select().from(users).where(eq(users.id, userId)).get();
  if (!u) throw new HttpError(401, 'The account of this key no longer exists');
  return u;
}

export async function createUser(
  ctx: AppContext,
  input: { email: string; name: string; password: string; plan?: UserRow['plan']; creditBalance?: number },
): Promise<UserRow> {
  const now = ctx.clock.now();
  const row: UserRow = {
    id: uuid(),
    email: input.email.toLowerCase(),
    name: input.name,
    passwordHash: await hashPassword(input.password, ctx.config.passwordIterations),
    plan: input.plan ?? 'trial',
    onboardingCompleted: false,
    creditBalance: input.creditBalance ?? 0,
    createdAt: now,
    updatedAt: now,
  };
  ctx.db.insert(users).values(row).run();
  return row;
}

/** A hash to verify against when the email is unknown, so both paths cost the same. */
let decoyHash: Promise<string> | undefined;

/** Dashboard login: a new session with its cookie token and CSRF token. */
export async function login(ctx: AppContext, email: string, password: string) {
  const user = ctx.db.select().from(users).where(eq(users.email, email.toLowerCase())).get();
  decoyHash ??= hashPassword('decoy-password', ctx.config.passwordIterations);
  const valid = await verifyPassword(password, user?.passwordHash ?? (await decoyHash));
  if (!user || !valid) throw new HttpError(401, 'Wrong email or password');
  const token = randomToken(32);
  const csrfToken = randomToken(24);
  const now = ctx.clock.now();
  const expiresAt = now + ctx.config.sessionTtlMs;
  ctx.db
    .insert(sessions)
    .values({ id: uuid(), userId: user.id, tokenHash: await sha256Hex(token), csrfToken, createdAt: now, expiresAt })
    .run();
  return { user, token, csrfToken, expiresAt };
}

export function logout(ctx: AppContext, sessionId: string): void {
  ctx.db.delete(sessions).where(eq(sessions.id, sessionId)).run();
}
