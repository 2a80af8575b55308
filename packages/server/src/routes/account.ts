import { setCookie } from 'hono/cookie';
import { activeApiKey, apiKeyView, createApiKey, revokeApiKey } from '../domain/keys.js';
import { accountView, getUser, login, logout } from '../domain/users.js';
import { defineHandlers, ok } from '../http/handler.js';
import { isLoopbackAddress } from '../lib/net.js';
import { iso } from '../lib/time.js';
import { SESSION_COOKIE } from '../middleware/auth/index.js';
import { transportOf } from '../middleware/https-policy/index.js';
import { user } from './guards.js';

export const accountHandlers = defineHandlers({
  getAccount: ({ ctx, principal }) => ok({ account: accountView(getUser(ctx, user(principal).userId)) }),

  createSession: async ({ ctx, body, c }) => {
    const s = await login(ctx, body.email, body.password);
    const transport = transportOf(c.env);
    // Secure everywhere except plain http on loopback (local development).
    const secure = !transport || transport.encrypted === true || !isLoopbackAddress(transport.remoteAddress);
    setCookie(c, SESSION_COOKIE, s.token, {
      httpOnly: true,
      secure,
      sameSite: 'Strict',
      path: '/api',
      expires: new Date(s.expiresAt),
    });
    return ok({ user: { id: s.user.id, email: s.user.email }, csrf_token: s.csrfToken, expires_at: iso(s.expiresAt) });
  },

  deleteSession: ({ ctx, principal, c }) => {
    const p = user(principal);
    if (p.via === 'session') logout(ctx, p.sessionId);
    setCookie(c, SESSION_COOKIE, '', { httpOnly: true, path: '/api', maxAge: 0, sameSite: 'Strict' });
    return { status: 204 };
  },

  createApiKey: async ({ ctx, principal }) => ok(await createApiKey(ctx, user(principal).userId), 201),

  getApiKey: ({ ctx, principal }) => {
    const row = activeApiKey(ctx, user(principal).userId);
    return ok({ api_key: row ? apiKeyView(row) : null });
  },

  revokeApiKey: ({ ctx, principal }) => ok({ api_key: apiKeyView(revokeApiKey(ctx, user(principal).userId)) }),
});
