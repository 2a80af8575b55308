import { WebhookEvent } from '@outbound/schema';
import { OutboundError } from './errors.js';

export type { WebhookEvent } from '@outbound/schema';

export type WebhookVerificationReason =
  | 'missing_header'
  | 'invalid_timestamp'
  | 'timestamp_too_old'
  | 'timestamp_in_future'
  | 'no_matching_signature'
  | 'body_already_parsed'
  | 'invalid_secret'
  | 'invalid_payload';

/** A webhook delivery that must not be trusted, and why. */
export class WebhookVerificationError extends OutboundError {
  override name = 'WebhookVerificationError';
  constructor(
    readonly reason: WebhookVerificationReason,
    message: string,
  ) {
    super(message);
  }
}

export const isWebhookVerificationError = (e: unknown): e is WebhookVerificationError =>
  e instanceof Error && e.name === 'WebhookVerificationError';

type HeaderSource = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderSource, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const record = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(record).find((k) => k.toLowerCase() === name);
  const v = key === undefined ? undefined : record[key];
  return Array.isArray(v) ? v[0] : v;
}

const encoder = new TextEncoder();

function base64ToBytes(value: string): Uint8Array {
  const bin = atob(value);
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

function bytesToBase64(bytes: Uint8Array): string {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}

function timingSafeEqual(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) diff |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  return diff === 0;
}

/**
 * Verifies a webhook delivery (Standard Webhooks: `webhook-id`, `webhook-timestamp`,
 * `webhook-signature`, or the provider-named `svix-*` headers) and answers the typed event.
 * Pass the raw request body exactly as received. Works on Node, Deno, Bun, browsers and edge
 * runtimes (Web Crypto only).
 *
 * @example
 * const event = await verifyWebhook(await req.text(), req.headers, process.env.OUTBOUND_WEBHOOK_SECRET!);
 * if (event.type === 'research.complete') console.log(event.data.report_url);
 */
export async function verifyWebhook(
  rawBody: string | Uint8Array | ArrayBuffer,
  headers: HeaderSource,
  secret: string,
  options: { toleranceSeconds?: number; now?: Date } = {},
): Promise<WebhookEvent> {
  if (typeof rawBody !== 'string' && !(rawBody instanceof Uint8Array) && !(rawBody instanceof ArrayBuffer)) {
    throw new WebhookVerificationError(
      'body_already_parsed',
      'Pass the raw request body (string or bytes), not a parsed object: the signature covers the exact bytes',
    );
  }
  const body = typeof rawBody === 'string' ? rawBody : new TextDecoder().decode(rawBody);
  const id = header(headers, 'webhook-id') ?? header(headers, 'svix-id');
  const timestamp = header(headers, 'webhook-timestamp') ?? header(headers, 'svix-timestamp');
  const signatures = header(headers, 'webhook-signature') ?? header(headers, 'svix-signature');
  if (!id || !timestamp || !signatures) {
    throw new WebhookVerificationError(
      'missing_header',
      'Missing webhook-id, webhook-timestamp or webhook-signature header',
    );
  }
  if (!/^\d+$/.test(timestamp)) throw new WebhookVerificationError('invalid_timestamp', 'Invalid webhook-timestamp');
  const tolerance = options.toleranceSeconds ?? 300;
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const ts = Number(timestamp);
  if (now - ts > tolerance) throw new WebhookVerificationError('timestamp_too_old', 'Webhook timestamp is too old');
  if (ts - now > tolerance)
    throw new WebhookVerificationError('timestamp_in_future', 'Webhook timestamp is in the future');

  let keyBytes: Uint8Array;
  try {
    keyBytes = secret.startsWith('whsec_') ? base64ToBytes(secret.slice(6)) : encoder.encode(secret);
  } catch {
    throw new WebhookVerificationError('invalid_secret', 'The signing secret is not valid base64 after whsec_');
  }
  const key = await crypto.subtle.importKey('raw', keyBytes as BufferSource, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const mac = await crypto.subtle.sign('HMAC', key, encoder.encode(`${id}.${timestamp}.${body}`));
  const expected = bytesToBase64(new Uint8Array(mac));
  const matches = signatures
    .split(' ')
    .map((s) => s.split(','))
    .some(([version, sig]) => version === 'v1' && sig !== undefined && timingSafeEqual(sig, expected));
  if (!matches) throw new WebhookVerificationError('no_matching_signature', 'No signature matches the signing secret');

  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new WebhookVerificationError('invalid_payload', 'The payload is not JSON');
  }
  const parsed = WebhookEvent.safeParse(json);
  if (!parsed.success) throw new WebhookVerificationError('invalid_payload', 'The payload is not a known event');
  return parsed.data;
}
