/** One HTTP POST of a webhook delivery. */
export interface WebhookRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  /** The attempt fails when no complete response arrived within this time. */
  timeoutMs: number;
}

/** What the receiver answered. `body` is cut to a snippet by the sender. */
export interface WebhookResponse {
  status: number;
  body: string;
}

/**
 * Sends webhook requests. Rejects when no response arrived (refused, time-out, refused address);
 * any HTTP status resolves, and the caller decides what counts as delivered.
 */
export interface WebhookSender {
  post(request: WebhookRequest): Promise<WebhookResponse>;
}

/** Longest part of a receiver's answer kept for the delivery log. */
export const SNIPPET_CHARS = 500;

/**
 * The portable sender on `fetch` (browsers, the mock). Redirects are not followed: a receiver
 * answers at the URL it registered. The Node server uses `NodeWebhookSender`, which also checks
 * the resolved address of every request.
 */
export class FetchWebhookSender implements WebhookSender {
  async post(request: WebhookRequest): Promise<WebhookResponse> {
    const res = await fetch(request.url, {
      method: 'POST',
      headers: request.headers,
      body: request.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(request.timeoutMs),
    });
    const text = await res.text();
    return { status: res.status, body: text.slice(0, SNIPPET_CHARS) };
  }
}
