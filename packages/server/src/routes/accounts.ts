import { startHostedConnection } from '../domain/hosted.js';
import {
  domainOf,
  getSenderAccountRow,
  listSenderAccounts,
  senderAccountView,
  upsertSocialnetAccount,
} from '../domain/sender-accounts.js';
import { defineHandlers, ok } from '../http/handler.js';
import { HttpError } from '../lib/http-error.js';
import { user } from './guards.js';

export const accountsHandlers = defineHandlers({
  listAccounts: ({ ctx, principal, query }) =>
    ok({ accounts: listSenderAccounts(ctx, user(principal).userId, query.type) }),

  connectExtconn: async ({ ctx, principal }) => ok(await startHostedConnection(ctx, user(principal).userId, 'extconn')),

  listExtconnAccounts: ({ ctx, principal }) =>
    ok({ accounts: listSenderAccounts(ctx, user(principal).userId, 'socialnet') }),

  refreshExtconnAccount: async ({ ctx, principal, params }) => {
    const userId = user(principal).userId;
    const row = getSenderAccountRow(ctx, userId, params.id);
    if (row.type !== 'socialnet' || !row.providerAccountId)
      throw new HttpError(404, 'Social-network account not found');
    let profile: Awaited<ReturnType<typeof ctx.providers.socialnet.fetchProfile>>;
    try {
      profile = await ctx.providers.socialnet.fetchProfile(row.providerAccountId);
    } catch {
      // The provider no longer knows the account: it must be connected again.
      const updated = { ...row, status: 'credentials_required' as const };
      return ok({ account: senderAccountView(updated, domainOf(ctx, row)) });
    }
    return ok({ account: senderAccountView(upsertSocialnetAccount(ctx, userId, profile)) });
  },

  connectEmailAccount: async ({ ctx, principal, body }) =>
    ok(await startHostedConnection(ctx, user(principal).userId, 'email', body.email_address)),
});
