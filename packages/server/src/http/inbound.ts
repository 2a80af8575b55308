import { Signal, SignalDetectedData } from '@outbound/schema';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { recordCampaignReply } from '../domain/replies.js';
import { recordDetectedSignal } from '../domain/signals.js';
import { recordInboundEmail, recordInboundSocial } from '../domain/threads.js';
import { constantTimeEqual, hmacSha256Hex } from '../lib/crypto.js';
import type { AppEnv } from './routing.js';

export const INBOUND_EMAIL_PATH = '/api/inbound/email';
export const INBOUND_SOCIALNET_PATH = '/api/inbound/socialnet';
export const INBOUND_SIGNALS_PATH = '/api/inbound/signals';

/** A signal as the signals provider reports it, detected and scored (fields from the contract's Signal). */
const detected = SignalDetectedData.shape;
export const InboundSignal = z.object({
  entity_id: z.string().min(1).max(100),
  signal_type: Signal.shape.signal_type.min(1),
  signal_type_label: detected.signal_type_label.min(1),
  headline: detected.headline.min(1),
  score: detected.score,
  source: detected.source.min(1),
  url: Signal.shape.url.unwrap().optional(),
});

/** A social-network message as the provider reports it. */
export const InboundSocial = z.object({
  provider_account_id: z.string().min(1).max(200),
  profile_url: z.string().min(1).max(2048),
  text: z.string().max(20_000),
  message_id: z.string().max(500).optional(),
});

/** Reads a provider notification: its raw body, checked against `x-provider-signature`. */
export async function verifiedBody(ctx: AppContext, c: Context): Promise<string | undefined> {
  const raw = await c.req.text();
  const expected = await hmacSha256Hex(ctx.config.providerSecret, raw);
  return constantTimeEqual(c.req.header('x-provider-signature') ?? '', expected) ? raw : undefined;
}

/** An inbound email as the mailbox provider reports it. */
export const InboundEmail = z.object({
  from: z.email().max(254),
  to: z.array(z.email().max(254)).max(50),
  subject: z.string().max(998).default(''),
  text: z.string().max(200_000).default(''),
  message_id: z.string().max(998).optional(),
  in_reply_to: z.string().max(998).optional(),
});

/** The JSON of a notification body, or undefined when it is not JSON. */
function json(raw: string): unknown {
  try {
    return JSON.parse(raw || '{}');
  } catch {
    return undefined;
  }
}

/** Hidden routes where providers notify the server (not part of the public contract). */
export function mountInbound(app: Hono<AppEnv>, ctx: AppContext): void {
  /** A provider route: signature checked (401), body parsed against `schema` (400), then `handle`. */
  const providerRoute = <T>(
    path: string,
    schema: z.ZodType<T>,
    what: string,
    handle: (c: Context, body: T) => Response,
  ) =>
    app.post(path, async (c) => {
      const raw = await verifiedBody(ctx, c);
      if (raw === undefined)
        return c.json({ error: { code: 'unauthorized', message: 'Invalid provider signature' } }, 401);
      const parsed = schema.safeParse(json(raw));
      if (!parsed.success) return c.json({ error: { code: 'invalid_request', message: `Invalid ${what}` } }, 400);
      return handle(c, parsed.data);
    });

  providerRoute(INBOUND_EMAIL_PATH, InboundEmail, 'inbound email', (c, email) => {
    const campaign = recordCampaignReply(ctx, { inReplyTo: email.in_reply_to, fromEmail: email.from });
    const threadId = recordInboundEmail(ctx, email, campaign?.accountId ? campaign : undefined);
    return c.json({ ok: true, matched_campaign: campaign !== undefined, thread_id: threadId ?? null });
  });

  providerRoute(INBOUND_SOCIALNET_PATH, InboundSocial, 'inbound message', (c, message) => {
    const result = recordInboundSocial(ctx, message);
    return c.json({ ok: true, matched_campaign: result.campaign, thread_id: result.threadId ?? null });
  });

  providerRoute(INBOUND_SIGNALS_PATH, InboundSignal, 'signal', (c, signal) => {
    const result = recordDetectedSignal(ctx, signal);
    if (!result) return c.json({ error: { code: 'not_found', message: 'Unknown entity' } }, 404);
    return c.json({ ok: true, signal_id: result.id, duplicate: result.duplicate });
  });
}
