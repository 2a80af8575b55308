/** An email to send. `id` is the idempotency key: the same id is never sent twice. */
export interface OutgoingEmail {
  id: string;
  from: string;
  to: string[];
  cc?: string[];
  bcc?: string[];
  subject: string;
  text: string;
  html?: string;
  inReplyTo?: string;
  references?: string[];
}

export interface SendResult {
  messageId: string;
  /** The recipient's server refused the message. */
  bounced?: boolean;
}

/** Where email goes out. */
export interface MailProvider {
  send(message: OutgoingEmail): Promise<SendResult>;
}

/**
 * Keeps every email it is given, in memory, and sends nothing: the default of the demo and the
 * record tests check. Addresses at `bounce.test` bounce, as a real mailbox provider would report.
 */
export class RecordingMail implements MailProvider {
  readonly sent: Array<OutgoingEmail & { messageId: string }> = [];
  readonly #byId = new Map<string, SendResult>();

  async send(message: OutgoingEmail): Promise<SendResult> {
    const known = this.#byId.get(message.id);
    if (known) return known;
    const result: SendResult = {
      messageId: `<${message.id}@outbound.local>`,
      bounced: message.to.some((a) => a.toLowerCase().endsWith('@bounce.test')),
    };
    this.#byId.set(message.id, result);
    this.sent.push({ ...message, messageId: result.messageId });
    return result;
  }
}

/** The provider refused the send for now: retry after `retryAfterSeconds`. Nothing was sent. */
export class ProviderRateLimitError extends Error {
  override readonly name = 'ProviderRateLimitError';
  constructor(readonly retryAfterSeconds: number) {
    super(`provider rate limit: retry after ${retryAfterSeconds} seconds`);
  }
}

/** The provider failed to send. Nothing was sent. */
export class ProviderSendError extends Error {
  override readonly name = 'ProviderSendError';
}
