import { EVENT_TYPES, type EventType } from '@outbound/schema';
import { eq } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { html } from 'hono/html';
import type { AppContext } from '../context.js';
import { partners } from '../db/schema.js';
import { openPortalSession, PORTAL_COOKIE, PORTAL_PATH, portalSession } from '../domain/portal.js';
import {
  createEndpoint,
  currentSecret,
  deleteEndpoint,
  deliveryLog,
  type Endpoint,
  eventTypesFrom,
  getEndpoint,
  type LogEntry,
  listEndpoints,
  ownedDelivery,
  queueTestEvent,
  rotateSecret,
  setEventTypes,
} from '../domain/webhooks.js';
import type { AppEnv } from '../http/routing.js';
import { constantTimeEqual } from '../lib/crypto.js';
import { iso } from '../lib/time.js';
import { page } from './layout.js';

type Session = { partnerId: string; csrfToken: string };
type Notice = { text: string; secret?: string };

const expiredPage = (reason: 'unknown' | 'expired') =>
  page(
    'Portal link expired',
    html`<h1>${reason === 'expired' ? 'This portal link has expired' : 'This portal link is not valid'}</h1>
      <p data-testid="portal-expired" data-state="${reason}">
        Portal links are valid for 5 minutes. Ask your application for a new one
        (<code>GET /api/v1/partners/portal</code> with your partner key).
      </p>`,
  );

const typeChecks = (selected: readonly string[]) =>
  EVENT_TYPES.map(
    (t) =>
      html`<label class="check"><input type="checkbox" name="event_types" value="${t}" ${selected.includes(t) ? 'checked' : ''} /> <code>${t}</code></label>`,
  );

const csrfField = (s: Session) => html`<input type="hidden" name="csrf" value="${s.csrfToken}" />`;

function endpointsPage(s: Session, partnerName: string, list: Endpoint[], error?: string, form?: { url?: string }) {
  return page(
    'Webhooks',
    html`<h1>Webhooks · ${partnerName}</h1>
      <p class="muted">Endpoints receive signed events (Standard Webhooks). Verify every delivery with the endpoint's signing secret before processing it.</p>
      <section>
        <h2>Endpoints</h2>
        ${
          list.length === 0
            ? html`<p class="muted" data-testid="no-endpoints">No endpoints yet.</p>`
            : html`<table data-testid="endpoints">
                <thead><tr><th>URL</th><th>Event types</th><th>Added</th><th></th></tr></thead>
                <tbody>
                  ${list.map(
                    (e) => html`<tr data-endpoint-id="${e.id}">
                      <td><code>${e.url}</code>${e.description ? html`<div class="muted">${e.description}</div>` : ''}</td>
                      <td>${e.eventTypes.join(', ')}</td>
                      <td>${iso(e.createdAt)}</td>
                      <td><a href="${PORTAL_PATH}/endpoints/${e.id}">Manage</a></td>
                    </tr>`,
                  )}
                </tbody>
              </table>`
        }
      </section>
      <section>
        <h2>Add an endpoint</h2>
        ${error ? html`<p class="error" data-testid="form-error">${error}</p>` : ''}
        <form method="post" action="${PORTAL_PATH}/endpoints">
          ${csrfField(s)}
          <label for="url">Endpoint URL</label>
          <input id="url" name="url" type="url" required maxlength="2048" placeholder="https://example.com/webhooks/outbound" value="${form?.url ?? ''}" />
          <label for="description">Description (optional)</label>
          <input id="description" name="description" type="text" maxlength="200" />
          <label>Event types</label>
          ${typeChecks(EVENT_TYPES)}
          <button type="submit">Add endpoint</button>
        </form>
      </section>`,
    { wide: true },
  );
}

function deliveryRows(s: Session, log: LogEntry[]) {
  if (log.length === 0) return html`<p class="muted" data-testid="no-deliveries">No deliveries yet.</p>`;
  return html`<table data-testid="deliveries">
    <thead><tr><th>Event</th><th>Message id</th><th>Status</th><th>Attempts</th><th>Next attempt</th><th></th></tr></thead>
    <tbody>
      ${log.map(
        (l) => html`<tr data-delivery-id="${l.delivery.id}" data-status="${l.delivery.status}">
            <td><code>${l.type}</code></td>
            <td><code>${l.delivery.id}</code></td>
            <td class="status-${l.delivery.status}">${l.delivery.status}</td>
            <td data-testid="attempt-count">${l.delivery.attempts}</td>
            <td>${l.delivery.nextAttemptAt ? iso(l.delivery.nextAttemptAt) : '—'}</td>
            <td>
              <form method="post" action="${PORTAL_PATH}/deliveries/${l.delivery.id}/retry" class="inline">
                ${csrfField(s)}<button type="submit" class="secondary">Retry</button>
              </form>
            </td>
          </tr>
          ${l.attempts.map(
            (a) => html`<tr class="attempt" data-attempt-of="${l.delivery.id}">
              <td></td>
              <td class="muted">${iso(a.startedAt)} · ${a.trigger}</td>
              <td>${a.statusCode ?? 'no response'}</td>
              <td class="muted">${a.latencyMs} ms</td>
              <td colspan="2" class="muted"><code>${(a.error ?? a.responseSnippet ?? '').slice(0, 200)}</code></td>
            </tr>`,
          )}`,
      )}
    </tbody>
  </table>`;
}

function endpointPage(s: Session, e: Endpoint, log: LogEntry[], notice?: Notice) {
  return page(
    'Webhook endpoint',
    html`<p><a href="${PORTAL_PATH}">← All endpoints</a></p>
      <h1>Endpoint</h1>
      <p><code data-testid="endpoint-url">${e.url}</code></p>
      ${e.description ? html`<p class="muted">${e.description}</p>` : ''}
      ${notice ? html`<p class="notice" data-testid="notice">${notice.text}</p>` : ''}
      <section>
        <h2>Signing secret</h2>
        ${
          notice?.secret
            ? html`<p><code data-testid="secret">${notice.secret}</code></p>`
            : html`<p><code data-testid="secret-masked">whsec_••••••••••••••••</code></p>`
        }
        <form method="post" action="${PORTAL_PATH}/endpoints/${e.id}/secret/reveal" class="inline">
          ${csrfField(s)}<button type="submit" class="secondary">Reveal secret</button>
        </form>
        <form method="post" action="${PORTAL_PATH}/endpoints/${e.id}/secret/rotate" class="inline">
          ${csrfField(s)}<button type="submit" class="secondary">Rotate secret</button>
        </form>
        <p class="muted">After a rotation the previous secret keeps signing for 24 hours: deliveries carry both signatures, so you can switch your receiver without missing an event.</p>
      </section>
      <section>
        <h2>Event types</h2>
        <form method="post" action="${PORTAL_PATH}/endpoints/${e.id}/event-types">
          ${csrfField(s)} ${typeChecks(e.eventTypes)}
          <button type="submit">Save event types</button>
        </form>
      </section>
      <section>
        <h2>Send a test event</h2>
        <form method="post" action="${PORTAL_PATH}/endpoints/${e.id}/test">
          ${csrfField(s)}
          <label for="type">Event type</label>
          <select id="type" name="type">${EVENT_TYPES.map((t) => html`<option value="${t}">${t}</option>`)}</select>
          <button type="submit">Send test event</button>
        </form>
      </section>
      <section>
        <h2>Delivery log</h2>
        <p class="muted">Failed deliveries are retried with exponential backoff for up to 3 days. Retry sends one again now.</p>
        ${deliveryRows(s, log)}
      </section>
      <section>
        <h2>Remove</h2>
        <form method="post" action="${PORTAL_PATH}/endpoints/${e.id}/delete">
          ${csrfField(s)}<button type="submit" class="danger">Remove endpoint</button>
        </form>
      </section>`,
    { wide: true },
  );
}

/** The webhook portal: opened from a 5-minute link, then a cookie session scoped to /portal. */
export function mountPortal(app: Hono<AppEnv>, ctx: AppContext): void {
  const secure = ctx.config.baseUrl.startsWith('https:');

  app.use(`${PORTAL_PATH}/*`, async (c, next) => {
    c.header('Cache-Control', 'no-store');
    await next();
  });

  app.get(`${PORTAL_PATH}/login/:token`, async (c) => {
    const opened = await openPortalSession(ctx, c.req.param('token'));
    if (!opened.ok) return c.html(expiredPage(opened.reason), 410);
    setCookie(c, PORTAL_COOKIE, opened.token, {
      httpOnly: true,
      secure,
      // Lax: the cookie must ride along the redirect of a link opened from another site.
      sameSite: 'Lax',
      path: PORTAL_PATH,
      maxAge: opened.maxAgeSeconds,
    });
    return c.redirect(PORTAL_PATH, 303);
  });

  /** The session of the request, or the expired page; POSTs also need the session's CSRF token. */
  async function session(c: Context<AppEnv>): Promise<Session | Response> {
    const s = await portalSession(ctx, getCookie(c, PORTAL_COOKIE));
    if (!s.ok) return c.html(expiredPage(s.reason === 'expired' ? 'expired' : 'unknown'), 401);
    if (c.req.method === 'POST') {
      const form = await c.req.parseBody({ all: true });
      if (!constantTimeEqual(String(form.csrf ?? ''), s.csrfToken))
        return c.html(
          page('Refused', html`<h1 class="error">This form has expired. Reload the page and try again.</h1>`),
          403,
        );
    }
    return s;
  }

  const partnerName = (id: string) =>
    ctx.db.select({ name: partners.name }).from(partners).where(eq(partners.id, id)).get()?.name ?? 'Partner';

  const showEndpoint = (c: Context<AppEnv>, s: Session, e: Endpoint, notice?: Notice, status: 200 | 202 = 200) =>
    c.html(endpointPage(s, e, deliveryLog(ctx, s.partnerId, e.id), notice), status);

  const missing = (c: Context<AppEnv>) =>
    c.html(page('Not found', html`<h1>Not found</h1><p><a href="${PORTAL_PATH}">Back to the endpoints</a></p>`), 404);

  app.get(PORTAL_PATH, async (c) => {
    const s = await session(c);
    if (s instanceof Response) return s;
    return c.html(endpointsPage(s, partnerName(s.partnerId), listEndpoints(ctx, s.partnerId)));
  });

  app.post(`${PORTAL_PATH}/endpoints`, async (c) => {
    const s = await session(c);
    if (s instanceof Response) return s;
    const form = await c.req.parseBody({ all: true });
    const url = String(form.url ?? '');
    const created = createEndpoint(ctx, s.partnerId, {
      url,
      description: String(form.description ?? ''),
      eventTypes: eventTypesFrom(form.event_types ?? []),
    });
    if (!created.ok)
      return c.html(
        endpointsPage(s, partnerName(s.partnerId), listEndpoints(ctx, s.partnerId), created.problem, { url }),
        400,
      );
    return c.redirect(`${PORTAL_PATH}/endpoints/${created.endpoint.id}`, 303);
  });

  app.get(`${PORTAL_PATH}/endpoints/:id`, async (c) => {
    const s = await session(c);
    if (s instanceof Response) return s;
    const e = getEndpoint(ctx, s.partnerId, c.req.param('id'));
    return e ? showEndpoint(c, s, e) : missing(c);
  });

  app.post(`${PORTAL_PATH}/endpoints/:id/event-types`, async (c) => {
    const s = await session(c);
    if (s instanceof Response) return s;
    const form = await c.req.parseBody({ all: true });
    const types = eventTypesFrom(form.event_types ?? []);
    const e = getEndpoint(ctx, s.partnerId, c.req.param('id'));
    if (!e) return missing(c);
    if (types.length === 0)
      return c.html(
        endpointPage(s, e, deliveryLog(ctx, s.partnerId, e.id), { text: 'Choose at least one event type.' }),
        400,
      );
    setEventTypes(ctx, s.partnerId, e.id, types);
    const updated = getEndpoint(ctx, s.partnerId, e.id) ?? e;
    return showEndpoint(c, s, updated, { text: `Event types saved: ${types.join(', ')}.` });
  });

  app.post(`${PORTAL_PATH}/endpoints/:id/secret/reveal`, async (c) => {
    const s = await session(c);
    if (s instanceof Response) return s;
    const e = getEndpoint(ctx, s.partnerId, c.req.param('id'));
    if (!e) return missing(c);
    return showEndpoint(c, s, e, {
      text: 'Store this secret with your receiver.',
      secret: currentSecret(ctx, e.id) ?? '',
    });
  });

  app.post(`${PORTAL_PATH}/endpoints/:id/secret/rotate`, async (c) => {
    const s = await session(c);
    if (s instanceof Response) return s;
    const secret = rotateSecret(ctx, s.partnerId, c.req.param('id'));
    const e = getEndpoint(ctx, s.partnerId, c.req.param('id'));
    if (!secret || !e) return missing(c);
    return showEndpoint(c, s, e, {
      text: 'New secret created. The previous one keeps signing for 24 hours.',
      secret,
    });
  });

  app.post(`${PORTAL_PATH}/endpoints/:id/test`, async (c) => {
    const s = await session(c);
    if (s instanceof Response) return s;
    const form = await c.req.parseBody({ all: true });
    const [type] = eventTypesFrom(form.type);
    const e = getEndpoint(ctx, s.partnerId, c.req.param('id'));
    if (!e) return missing(c);
    if (!type) return showEndpoint(c, s, e, { text: 'Choose an event type.' });
    const deliveryId = queueTestEvent(ctx, s.partnerId, e.id, type as EventType);
    // The first attempt runs now, so the page shows its outcome; retries follow the schedule.
    const attempt = deliveryId ? await ctx.webhooks.retryNow(deliveryId, 'scheduled') : undefined;
    const outcome =
      attempt && typeof attempt === 'object'
        ? attempt.statusCode
          ? `answered ${attempt.statusCode} in ${attempt.latencyMs} ms`
          : `failed: ${attempt.error}`
        : 'queued';
    return showEndpoint(c, s, e, { text: `Test ${type} event ${deliveryId}: ${outcome}.` });
  });

  app.post(`${PORTAL_PATH}/deliveries/:id/retry`, async (c) => {
    const s = await session(c);
    if (s instanceof Response) return s;
    const d = ownedDelivery(ctx, s.partnerId, c.req.param('id'));
    const e = d ? getEndpoint(ctx, s.partnerId, d.endpointId) : undefined;
    if (!d || !e) return missing(c);
    const attempt = await ctx.webhooks.retryNow(d.id);
    const text =
      attempt === 'busy'
        ? 'An attempt of this delivery is in progress; try again in a moment.'
        : attempt
          ? `Retried ${d.id}: ${attempt.statusCode ? `answered ${attempt.statusCode}` : `failed: ${attempt.error}`}.`
          : 'Delivery not found.';
    return showEndpoint(c, s, e, { text });
  });

  app.post(`${PORTAL_PATH}/endpoints/:id/delete`, async (c) => {
    const s = await session(c);
    if (s instanceof Response) return s;
    if (!deleteEndpoint(ctx, s.partnerId, c.req.param('id'))) return missing(c);
    return c.redirect(PORTAL_PATH, 303);
  });
}
