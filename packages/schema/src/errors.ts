import { z } from 'zod';
import { text } from './common.js';

/** The six stable error codes of structured error bodies, one `as const` map. */
export const ERROR_CODES = {
  unauthorized: 'unauthorized',
  not_found: 'not_found',
  invalid_request: 'invalid_request',
  rate_limited: 'rate_limited',
  conflict: 'conflict',
  internal_error: 'internal_error',
} as const;

export const ErrorCode = z.enum(Object.values(ERROR_CODES) as [ErrorCodeValue, ...ErrorCodeValue[]]).meta({
  id: 'ErrorCode',
  description: 'Stable machine-readable error code.',
});
export type ErrorCodeValue = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/**
 * Sub-reasons carried in `error.reason` where a status alone is ambiguous. `sent_not_saved`
 * marks the message-send 500 that must not be retried: the message went out but was not saved.
 */
export const ERROR_REASONS = {
  sent_not_saved: 'sent_not_saved',
  insufficient_credits: 'insufficient_credits',
  provider_rate_limited: 'provider_rate_limited',
  provider_failed: 'provider_failed',
  idempotency_key_reused: 'idempotency_key_reused',
  payload_too_large: 'payload_too_large',
  method_not_allowed: 'method_not_allowed',
  service_unavailable: 'service_unavailable',
} as const;

/** Structured error body: `{error: {code, message}}`. */
export const StructuredError = z
  .object({
    error: z.object({
      code: ErrorCode,
      message: text(2000),
      field: text(500)
        .optional()
        .meta({ description: 'Dotted path of the offending request field, for validation errors.' }),
      reason: text(64).optional().meta({ description: 'Finer reason where the status is ambiguous.' }),
    }),
  })
  .meta({
    id: 'StructuredError',
    description: 'Used for framework-level authentication, method and validation errors and typed route errors.',
  });
export type StructuredError = z.infer<typeof StructuredError>;

/** Flat error body: `{error: string}`. */
export const FlatError = z
  .object({ error: text(2000) })
  .meta({ id: 'FlatError', description: 'Used by some route-specific errors.' });
export type FlatError = z.infer<typeof FlatError>;

/** Either error body, as a caller meets them. */
export const ErrorBody = z.union([StructuredError, FlatError]);
export type ErrorBody = z.infer<typeof ErrorBody>;

export type ErrorShape = 'structured' | 'flat';

/** The code a structured body carries for each status. */
export function codeForStatus(status: number): ErrorCodeValue {
  switch (status) {
    case 401:
      return 'unauthorized';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 429:
      return 'rate_limited';
    default:
      return status >= 500 ? 'internal_error' : 'invalid_request';
  }
}
