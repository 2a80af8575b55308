export { Outbound } from './client.js';
export type { ClientOptions, Logger, RequestOptions } from './core.js';
export { defaults, VERSION } from './defaults.js';
export {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  AuthenticationError,
  BadGatewayError,
  BadRequestError,
  CampaignLaunchFailedError,
  ConflictError,
  InternalServerError,
  isAPIConnectionError,
  isAPIConnectionTimeoutError,
  isAPIError,
  isAPIUserAbortError,
  isAuthenticationError,
  isCampaignLaunchFailedError,
  isConflictError,
  isMessageSentNotSavedError,
  isNotFoundError,
  isOutboundError,
  isRateLimitError,
  isResearchFailedError,
  MessageSentNotSavedError,
  NotFoundError,
  OutboundError,
  PaymentRequiredError,
  PermissionDeniedError,
  PollTimeoutError,
  RateLimitError,
  ResearchFailedError,
  ServiceUnavailableError,
  UnprocessableEntityError,
} from './errors.js';
export type { AccountProgress, CampaignProgress, ResearchProgress, WaitOptions } from './helpers.js';
export { PagePromise } from './pagination.js';
export type { PollOptions } from './polling.js';
export {
  isWebhookVerificationError,
  verifyWebhook,
  type WebhookEvent,
  WebhookVerificationError,
  type WebhookVerificationReason,
} from './webhooks.js';
