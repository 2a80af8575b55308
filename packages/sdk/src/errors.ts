/** Base of every error the SDK throws. */
export class OutboundError extends Error {
  override name = 'OutboundError';
}

export interface APIErrorInit {
  status: number;
  body: unknown;
  headers: Headers;
  operationId: string;
}

/** The API answered with an error status. */
export class APIError extends OutboundError {
  override name = 'APIError';
  /** HTTP status. */
  readonly status: number;
  /** `error.code` of a structured body; undefined for a flat `{error: string}` body. */
  readonly code: string | undefined;
  /** `error.reason` of a structured body, where the server gives one. */
  readonly reason: string | undefined;
  /** `error.field`: the offending request field of a validation error. */
  readonly field: string | undefined;
  /** `x-request-id` of the response: quote it when reporting a problem. */
  readonly requestId: string | undefined;
  readonly headers: Headers;
  /** The raw response body (parsed JSON when it was JSON). */
  readonly body: unknown;
  /** The operation that failed. */
  readonly operationId: string;

  constructor(init: APIErrorInit, message?: string) {
    const parsed = parseErrorBody(init.body);
    super(message ?? `${init.status} ${parsed.message ?? 'request failed'}`);
    this.status = init.status;
    this.code = parsed.code;
    this.reason = parsed.reason;
    this.field = parsed.field;
    this.headers = init.headers;
    this.body = init.body;
    this.requestId = init.headers.get('x-request-id') ?? undefined;
    this.operationId = init.operationId;
  }

  /** The error class for a status (and, for the message-send 500, its reason). */
  static generate(init: APIErrorInit): APIError {
    const { status } = init;
    const reason = parseErrorBody(init.body).reason;
    if (status === 500 && reason === 'sent_not_saved') return new MessageSentNotSavedError(init);
    const Ctor = BY_STATUS[status] ?? (status >= 500 ? InternalServerError : APIError);
    return new Ctor(init);
  }
}

export class BadRequestError extends APIError {
  override name = 'BadRequestError';
}
export class AuthenticationError extends APIError {
  override name = 'AuthenticationError';
}
export class PaymentRequiredError extends APIError {
  override name = 'PaymentRequiredError';
}
export class PermissionDeniedError extends APIError {
  override name = 'PermissionDeniedError';
}
export class NotFoundError extends APIError {
  override name = 'NotFoundError';
}
export class ConflictError extends APIError {
  override name = 'ConflictError';
}
export class UnprocessableEntityError extends APIError {
  override name = 'UnprocessableEntityError';
}
export class RateLimitError extends APIError {
  override name = 'RateLimitError';
  /** Seconds the server asked to wait (Retry-After), when it said. */
  readonly retryAfter: number | undefined;
  constructor(init: APIErrorInit) {
    super(init);
    const ms = parseRetryAfter(init.headers.get('retry-after'), Date.now());
    this.retryAfter = ms === undefined ? undefined : Math.ceil(ms / 1000);
  }
}
export class InternalServerError extends APIError {
  override name = 'InternalServerError';
}
/**
 * The message was sent but could not be saved (a 500 from message send with
 * `reason: sent_not_saved`). Never retry it: the recipient already has the message.
 */
export class MessageSentNotSavedError extends InternalServerError {
  override name = 'MessageSentNotSavedError';
}
export class BadGatewayError extends APIError {
  override name = 'BadGatewayError';
}
export class ServiceUnavailableError extends APIError {
  override name = 'ServiceUnavailableError';
}

const BY_STATUS: Record<number, new (init: APIErrorInit) => APIError> = {
  400: BadRequestError,
  401: AuthenticationError,
  402: PaymentRequiredError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  422: UnprocessableEntityError,
  429: RateLimitError,
  500: InternalServerError,
  502: BadGatewayError,
  503: ServiceUnavailableError,
};

/** The request never got an answer (DNS, refused connection, reset, CORS). */
export class APIConnectionError extends OutboundError {
  override name = 'APIConnectionError';
  constructor(message = 'Connection error', options?: { cause?: unknown }) {
    super(message, options);
  }
}
/** An attempt or the whole call ran out of time. */
export class APIConnectionTimeoutError extends APIConnectionError {
  override name = 'APIConnectionTimeoutError';
  constructor(message = 'Request timed out') {
    super(message);
  }
}
/** The caller aborted the call with its AbortSignal. */
export class APIUserAbortError extends OutboundError {
  override name = 'APIUserAbortError';
  constructor(message = 'Request was aborted') {
    super(message);
  }
}

/** A campaign launch went back to `draft` instead of reaching `active`. */
export class CampaignLaunchFailedError extends OutboundError {
  override name = 'CampaignLaunchFailedError';
  constructor(
    readonly campaign: unknown,
    message = 'The campaign launch failed: the campaign is back in draft',
  ) {
    super(message);
  }
}
/** Deep research on a person failed; resubmit the same body to retry. */
export class ResearchFailedError extends OutboundError {
  override name = 'ResearchFailedError';
  constructor(
    readonly person: unknown,
    message = 'Deep research failed for this person: resubmit the same body to retry',
  ) {
    super(message);
  }
}
/** A polling helper reached its deadline before the awaited state. */
export class PollTimeoutError extends OutboundError {
  override name = 'PollTimeoutError';
  constructor(
    readonly last: unknown,
    message = 'Polling deadline reached',
  ) {
    super(message);
  }
}

function parseErrorBody(body: unknown): { code?: string; message?: string; reason?: string; field?: string } {
  if (!body || typeof body !== 'object' || !('error' in body)) return {};
  const e = (body as { error: unknown }).error;
  if (typeof e === 'string') return { message: e };
  if (e && typeof e === 'object') {
    const o = e as Record<string, unknown>;
    const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
    return { code: str(o.code), message: str(o.message), reason: str(o.reason), field: str(o.field) };
  }
  return {};
}

/** Retry-After in seconds or as an HTTP date, as milliseconds from `now`; undefined when absent or invalid. */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

// Name-based type guards: they work across realms and duplicated package copies.
const is =
  <T extends Error>(...names: string[]) =>
  (e: unknown): e is T =>
    e instanceof Error && names.includes(e.name);

export const isOutboundError = (e: unknown): e is OutboundError =>
  e instanceof Error &&
  (e instanceof OutboundError ||
    /^(Outbound|API|BadRequest|Authentication|PaymentRequired|PermissionDenied|NotFound|Conflict|UnprocessableEntity|RateLimit|InternalServer|MessageSentNotSaved|BadGateway|ServiceUnavailable|CampaignLaunchFailed|ResearchFailed|PollTimeout|WebhookVerification)/.test(
      e.name,
    ));
export const isAPIError = (e: unknown): e is APIError =>
  e instanceof Error && typeof (e as Partial<APIError>).status === 'number' && 'operationId' in e;
export const isRateLimitError = is<RateLimitError>('RateLimitError');
export const isNotFoundError = is<NotFoundError>('NotFoundError');
export const isConflictError = is<ConflictError>('ConflictError');
export const isAuthenticationError = is<AuthenticationError>('AuthenticationError');
export const isMessageSentNotSavedError = is<MessageSentNotSavedError>('MessageSentNotSavedError');
export const isAPIConnectionError = is<APIConnectionError>('APIConnectionError', 'APIConnectionTimeoutError');
export const isAPIConnectionTimeoutError = is<APIConnectionTimeoutError>('APIConnectionTimeoutError');
export const isAPIUserAbortError = is<APIUserAbortError>('APIUserAbortError');
export const isCampaignLaunchFailedError = is<CampaignLaunchFailedError>('CampaignLaunchFailedError');
export const isResearchFailedError = is<ResearchFailedError>('ResearchFailedError');
