// verifyWebhook against the Standard Webhooks test vector and the reference library's signatures.
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { isWebhookVerificationError, verifyWebhook, WebhookVerificationError } from '../src/index.js';

const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const event = {
  type: 'research.complete',
  timestamp: '2026-11-22T10:00:00Z',
  data: {
    id: '7f0c1c2e-3d4b-4a5c-9e6f-1a2b3c4d5e6f',
    first_name: 'Ada',
    last_name: 'Lovelace',
    company: 'Analytical Engines',
    icp_score: 91,
    report_url: 'https://api.example.com/api/v1/deep-research/7f0c1c2e-3d4b-4a5c-9e6f-1a2b3c4d5e6f',
  },
};

function signed(body: string, at = new Date(), id = 'msg_2Kxq0') {
  const wh = new Webhook(secret);
  const signature = wh.sign(id, at, body);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signature,
  };
}

const reason = async (p: Promise<unknown>) => {
  const e = await p.catch((x: unknown) => x);
  expect(isWebhookVerificationError(e)).toBe(true);
  return (e as WebhookVerificationError).reason;
};

describe('verifyWebhook', () => {
  it('computes the Standard Webhooks published test vector signature', async () => {
    // The vector's payload is not one of our events, so the signature check passes and the
    // payload check is what rejects it.
    const headers = {
      'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      'webhook-timestamp': '1614265330',
      'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    };
    const now = new Date(1614265330 * 1000);
    expect(await reason(verifyWebhook('{"test": 2432232314}', headers, secret, { now }))).toBe('invalid_payload');
    const tampered = { ...headers, 'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OF=' };
    expect(await reason(verifyWebhook('{"test": 2432232314}', tampered, secret, { now }))).toBe(
      'no_matching_signature',
    );
  });

  it('accepts a delivery signed by the standardwebhooks library and answers the typed event', async () => {
    const body = JSON.stringify(event);
    const verified = await verifyWebhook(body, signed(body), secret);
    expect(verified.type).toBe('research.complete');
    if (verified.type === 'research.complete') expect(verified.data.icp_score).toBe(91);
  });

  it('accepts Headers objects, bytes and the svix-* header names', async () => {
    const body = JSON.stringify(event);
    const h = signed(body);
    const svix = {
      'svix-id': h['webhook-id'],
      'svix-timestamp': h['webhook-timestamp'],
      'svix-signature': h['webhook-signature'],
    };
    expect((await verifyWebhook(new TextEncoder().encode(body), new Headers(svix), secret)).type).toBe(
      'research.complete',
    );
  });

  it('accepts several signatures in one header when one matches (secret rotation)', async () => {
    const body = JSON.stringify(event);
    const h = signed(body);
    const other = new Webhook('whsec_dGhpcyBpcyBhbm90aGVyIHNlY3JldCBrZXkhISE=').sign(h['webhook-id'], new Date(), body);
    const both = { ...h, 'webhook-signature': `${other} ${h['webhook-signature']}` };
    expect((await verifyWebhook(body, both, secret)).type).toBe('research.complete');
  });

  it('refuses a missing header', async () => {
    const body = JSON.stringify(event);
    const { 'webhook-signature': _drop, ...rest } = signed(body);
    expect(await reason(verifyWebhook(body, rest, secret))).toBe('missing_header');
  });

  it('refuses a stale or future timestamp outside the tolerance', async () => {
    const body = JSON.stringify(event);
    const old = signed(body, new Date(Date.now() - 301_000));
    expect(await reason(verifyWebhook(body, old, secret))).toBe('timestamp_too_old');
    const future = signed(body, new Date(Date.now() + 301_000));
    expect(await reason(verifyWebhook(body, future, secret))).toBe('timestamp_in_future');
    const lenient = await verifyWebhook(body, old, secret, { toleranceSeconds: 600 });
    expect(lenient.type).toBe('research.complete');
  });

  it('refuses a signature made with another secret or over another body', async () => {
    const body = JSON.stringify(event);
    const h = signed(body);
    expect(await reason(verifyWebhook(body, h, 'whsec_dGhpcyBpcyBhbm90aGVyIHNlY3JldCBrZXkhISE='))).toBe(
      'no_matching_signature',
    );
    expect(await reason(verifyWebhook(`${body} `, h, secret))).toBe('no_matching_signature');
  });

  it('refuses a body that was already parsed to an object, saying so', async () => {
    const body = JSON.stringify(event);
    const e = await verifyWebhook(event as never, signed(body), secret).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(WebhookVerificationError);
    expect((e as WebhookVerificationError).reason).toBe('body_already_parsed');
    expect((e as Error).message).toMatch(/raw request body/);
  });
});
