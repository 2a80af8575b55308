import type { Hono } from 'hono';
import { html } from 'hono/html';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { tx } from '../db/tx.js';
import {
  completeHostedConnection,
  findHostedConnection,
  type HostedLookup,
  pendingConnectionById,
} from '../domain/hosted.js';
import { readMedia } from '../domain/posts.js';
import { createEmailAccount, upsertSocialnetAccount } from '../domain/sender-accounts.js';
import { verifiedBody } from '../http/inbound.js';
import type { AppEnv } from '../http/routing.js';
import { hmacSha256Hex, uuid } from '../lib/crypto.js';
import { page } from './layout.js';
import { mountPortal } from './portal.js';

export const INBOUND_EXTCONN_PATH = '/api/inbound/extconn';

/** Payload of the social-network provider's notification that a hosted login finished. */
export const ExtconnNotification = z.object({
  connection_id: z.uuid(),
  status: z.literal('CREATION_SUCCESS'),
  account: z.object({
    provider_account_id: z.string().min(1).max(200),
    display_name: z.string().min(1).max(200),
    first_name: z.string().max(100),
    last_name: z.string().max(100),
    profile_url: z.url().max(2048),
    is_premium: z.boolean(),
    has_sales_navigator: z.boolean(),
  }),
});

const REASONS: Record<Exclude<HostedLookup, { ok: true }>['reason'], string> = {
  expired: 'This connection link has expired. Links are valid for one hour: start the connection again.',
  used: 'This connection link was already used. Start a new connection if you need another account.',
  unknown: 'This connection link is not valid. Start the connection again from your application.',
};

function unavailable(reason: Exclude<HostedLookup, { ok: true }>['reason']) {
  return page(
    'Link expired',
    html`<h1>${reason === 'expired' ? 'This link has expired' : 'This link cannot be used'}</h1>
      <p data-testid="link-state" data-state="${reason}">${REASONS[reason]}</p>`,
  );
}

const done = (title: string, text: string) =>
  page(title, html`<h1 data-testid="done">${title}</h1><p>${text}</p><p class="muted">You can close this window.</p>`);

/** Hosted pages a person opens (connection login, email consent) and the provider's notification route. */
export function mountPages(app: Hono<AppEnv>, ctx: AppContext): void {
  app.get('/health', (c) => c.json({ ok: true }));
  mountPortal(app, ctx);

  // Uploaded media, public by URL (the scheduling provider fetches it).
  app.get('/media/:id', (c) => {
    const m = readMedia(ctx, c.req.param('id'));
    if (!m) return c.json({ error: { code: 'not_found', message: 'Media not found' } }, 404);
    return c.body(new Uint8Array(m.bytes), 200, {
      'content-type': m.mimeType,
      'cache-control': 'public, max-age=31536000, immutable',
    });
  });

  app.get('/connect/extconn/:token', async (c) => {
    const found = await findHostedConnection(ctx, 'extconn', c.req.param('token'));
    if (!found.ok) return c.html(unavailable(found.reason), 410);
    return c.html(
      page(
        'Connect your social-network account',
        html`<h1>Connect your social-network account</h1>
          <p class="muted">Sign in to the professional social network to let Outbound send on your behalf. (Reference server: the sign-in is simulated; nothing leaves this machine.)</p>
          <form method="post">
            <label for="first_name">First name</label><input id="first_name" name="first_name" type="text" required maxlength="100" />
            <label for="last_name">Last name</label><input id="last_name" name="last_name" type="text" required maxlength="100" />
            <label for="profile_slug">Profile handle</label><input id="profile_slug" name="profile_slug" type="text" required maxlength="100" pattern="[A-Za-z0-9-]+" />
            <label class="check"><input id="is_premium" name="is_premium" type="checkbox" /> Premium account</label>
            <label class="check"><input id="has_sales_navigator" name="has_sales_navigator" type="checkbox" /> Sales Navigator</label>
            <button type="submit">Sign in and connect</button>
          </form>`,
      ),
    );
  });

  app.post('/connect/extconn/:token', async (c) => {
    const found = await findHostedConnection(ctx, 'extconn', c.req.param('token'));
    if (!found.ok) return c.html(unavailable(found.reason), 410);
    const form = await c.req.parseBody();
    const first = String(form.first_name ?? '')
      .trim()
      .slice(0, 100);
    const last = String(form.last_name ?? '')
      .trim()
      .slice(0, 100);
    const slug = String(form.profile_slug ?? '')
      .trim()
      .toLowerCase();
    if (!first || !last || !/^[a-z0-9-]{1,100}$/.test(slug)) {
      return c.html(page('Check the form', html`<h1 class="error">Please fill in every field.</h1>`), 400);
    }
    // The simulated provider signs in, then notifies the server exactly as a real provider would.
    const profile = {
      provider_account_id: `sn_${uuid().replace(/-/g, '').slice(0, 16)}`,
      display_name: `${first} ${last}`,
      first_name: first,
      last_name: last,
      profile_url: `https://www.linkedin.com/in/${slug}`,
      is_premium: form.is_premium === 'on',
      has_sales_navigator: form.has_sales_navigator === 'on',
    };
    ctx.providers.socialnet.remember?.(profile);
    const body = JSON.stringify({ connection_id: found.connection.id, status: 'CREATION_SUCCESS', account: profile });
    const res = await app.request(
      INBOUND_EXTCONN_PATH,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-provider-signature': await hmacSha256Hex(ctx.config.providerSecret, body),
        },
        body,
      },
      c.env,
    );
    if (!res.ok)
      return c.html(
        page('Connection failed', html`<h1 class="error">The connection could not be completed.</h1>`),
        502,
      );
    return c.html(done('Account connected', `${profile.display_name} is now connected to Outbound.`));
  });

  app.post(INBOUND_EXTCONN_PATH, async (c) => {
    const raw = await verifiedBody(ctx, c);
    if (raw === undefined)
      return c.json({ error: { code: 'unauthorized', message: 'Invalid provider signature' } }, 401);
    let payload: z.infer<typeof ExtconnNotification>;
    try {
      payload = ExtconnNotification.parse(JSON.parse(raw));
    } catch {
      return c.json({ error: { code: 'invalid_request', message: 'Invalid notification payload' } }, 400);
    }
    const connection = pendingConnectionById(ctx, payload.connection_id);
    if (!connection) return c.json({ error: { code: 'not_found', message: 'No pending connection' } }, 404);
    const account = tx(ctx.db, (t) => {
      const row = upsertSocialnetAccount({ ...ctx, db: t as never }, connection.userId, payload.account);
      if (!completeHostedConnection(t, connection.id, row.id)) throw new Error('connection already completed');
      return row;
    });
    return c.json({ ok: true, account_id: account.id });
  });

  app.get('/connect/email/:token', async (c) => {
    const found = await findHostedConnection(ctx, 'email', c.req.param('token'));
    if (!found.ok) return c.html(unavailable(found.reason), 410);
    return c.html(
      page(
        'Allow Outbound to send email',
        html`<h1>Allow Outbound to send email</h1>
          <p class="muted">Outbound will send and read email for this mailbox. (Reference server: consent is simulated; the mailbox sends through the server's configured email provider.)</p>
          <form method="post">
            <label for="email">Mailbox</label><input id="email" name="email" type="email" required maxlength="254" value="${found.connection.hint ?? ''}" />
            <label for="first_name">First name</label><input id="first_name" name="first_name" type="text" maxlength="100" />
            <label for="last_name">Last name</label><input id="last_name" name="last_name" type="text" maxlength="100" />
            <button type="submit">Allow</button>
          </form>`,
      ),
    );
  });

  app.post('/connect/email/:token', async (c) => {
    const found = await findHostedConnection(ctx, 'email', c.req.param('token'));
    if (!found.ok) return c.html(unavailable(found.reason), 410);
    const form = await c.req.parseBody();
    const email = z
      .email()
      .max(254)
      .safeParse(String(form.email ?? '').trim());
    if (!email.success)
      return c.html(page('Check the form', html`<h1 class="error">Enter a valid email address.</h1>`), 400);
    const connection = found.connection;
    const account = tx(ctx.db, (t) => {
      const row = createEmailAccount({ ...ctx, db: t as never }, connection.userId, {
        email: email.data,
        firstName:
          String(form.first_name ?? '')
            .trim()
            .slice(0, 100) || undefined,
        lastName:
          String(form.last_name ?? '')
            .trim()
            .slice(0, 100) || undefined,
        provider: 'google',
      });
      if (!completeHostedConnection(t, connection.id, row.id)) throw new Error('connection already completed');
      return row;
    });
    return c.html(done('Mailbox connected', `${account.emailAddress} can now send from Outbound.`));
  });
}
