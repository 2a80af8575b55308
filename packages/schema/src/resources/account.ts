import { z } from 'zod';
import { Email, nonEmpty, Timestamp, text, Uuid } from '../common.js';

/** The plan an account is on; onboarding needs an active plan. */
export const Plan = z.enum(['none', 'trial', 'pro']).meta({ id: 'Plan' });

/** The caller's account (`GET /api/account`). */
export const Account = z
  .object({
    id: Uuid,
    email: Email,
    name: text(200),
    plan: Plan,
    onboarding_completed: z.boolean(),
    created_at: Timestamp,
  })
  .meta({ id: 'Account' });
export type Account = z.infer<typeof Account>;

export const ApiKeyPrefix = 'pk_live_' as const;

/** An API key as it can be viewed after creation: never the secret itself. */
export const ApiKeyView = z
  .object({
    id: Uuid,
    prefix: z.literal(ApiKeyPrefix),
    last4: z
      .string()
      .length(4)
      .regex(/^[A-Za-z0-9_-]{4}$/),
    created_at: Timestamp,
    last_used_at: Timestamp.nullable(),
    revoked_at: Timestamp.nullable(),
  })
  .meta({ id: 'ApiKeyView' });
export type ApiKeyView = z.infer<typeof ApiKeyView>;

/** A full API key: `pk_live_` followed by at least 32 bytes of randomness, base64url. */
export const ApiKeySecret = z
  .string()
  .max(200)
  .regex(/^pk_live_[A-Za-z0-9_-]{43,}$/)
  .meta({ id: 'ApiKeySecret' });

/** Answer to key creation: the only time the key is shown. */
export const CreatedApiKey = z.object({ api_key: ApiKeyView, key: ApiKeySecret }).meta({ id: 'CreatedApiKey' });

/** Dashboard login body (extension). */
export const LoginBody = z.object({ email: Email, password: nonEmpty(200) }).meta({ id: 'LoginBody' });

/** Dashboard session as returned by login. */
export const SessionView = z
  .object({
    user: z.object({ id: Uuid, email: Email }),
    csrf_token: text(200).regex(/^[A-Za-z0-9_-]+$/),
    expires_at: Timestamp,
  })
  .meta({ id: 'SessionView' });
