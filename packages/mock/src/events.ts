import type { WebhookEvent } from '@outbound/schema';

/** The signing secret of the mock's webhook events (Standard Webhooks form). Known, for tests. */
export const MOCK_WEBHOOK_SECRET = 'whsec_b3V0Ym91bmQtbW9jay10ZXN0LXNlY3JldC0wMDAx';

export interface SignedDelivery {
  event: WebhookEvent;
  /** The exact body that was signed. */
  body: string;
  /** `webhook-id`, `webhook-timestamp`, `webhook-signature`. */
  headers: Record<string, string>;
}

const encoder = new TextEncoder();

/** Signs a body the Standard Webhooks way: `v1,` + base64 HMAC-SHA256 of `id.timestamp.body`. */
export async function signWebhook(id: string, timestampSeconds: number, body: string, secret = MOCK_WEBHOOK_SECRET) {
  const keyBytes = Uint8Array.from(atob(secret.replace(/^whsec_/, '')), (c) => c.charCodeAt(0));
  const key = await crypto.subtle.importKey('raw', keyBytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(
    await crypto.subtle.sign('HMAC', key, encoder.encode(`${id}.${timestampSeconds}.${body}`)),
  );
  let bin = '';
  for (const b of mac) bin += String.fromCharCode(b);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': `v1,${btoa(bin)}`,
  };
}
