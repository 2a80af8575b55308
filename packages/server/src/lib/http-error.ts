import type { ErrorCodeValue } from '@outbound/schema';

export interface HttpErrorOptions {
  /** Overrides the code derived from the status. */
  code?: ErrorCodeValue;
  /** Dotted path of the offending request field. */
  field?: string;
  /** Finer reason where the status alone is ambiguous (see ERROR_REASONS). */
  reason?: string;
  /** Extra response headers (Retry-After, Allow, ...). */
  headers?: Record<string, string>;
}

/** An error with an HTTP status, rendered by the one error renderer in the documented shape. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    readonly status: number,
    message: string,
    readonly options: HttpErrorOptions = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, field?: string) => new HttpError(400, message, field ? { field } : {});
export const unauthorized = (message = 'Missing or invalid Bearer token') => new HttpError(401, message);
export const notFound = (what: string) => new HttpError(404, `${what} not found`);
export const conflict = (message: string) => new HttpError(409, message);
export const unprocessable = (message: string, field?: string) => new HttpError(422, message, field ? { field } : {});
