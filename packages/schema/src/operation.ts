import type { z } from 'zod';
import type { ErrorShape } from './errors.js';

export type AuthKind = 'apiKey' | 'partnerKey' | 'session' | 'none';
export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';
export type SuccessStatus = 200 | 201 | 202 | 204;
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 405 | 409 | 413 | 422 | 429 | 500 | 502 | 503;

export interface ErrorSpec {
  shape: ErrorShape;
  description: string;
}

/** One operation of the API: everything the server, SDK, mock and document derive from. */
export interface Operation {
  operationId: string;
  method: HttpMethod;
  /** OpenAPI-style path, `{param}` placeholders. */
  path: string;
  auth: AuthKind;
  /** Also accepts a dashboard cookie session (with its CSRF token) besides the Bearer key. */
  alsoSession?: boolean;
  /** Body fields only a dashboard session may send: an API-key request that includes one gets 403. */
  sessionOnlyFields?: readonly string[];
  summary: string;
  description?: string;
  /** Resource group (OpenAPI tag). */
  tag: string;
  /** SDK method path, such as `campaigns.sequence.nodes.add`. */
  sdk: string;
  /** Not in the spec: a route the flows need (`x-extension: true` in the document). */
  extension: boolean;
  /** One of the spec's 13 Index operations. */
  index: boolean;
  params?: z.ZodObject;
  query?: z.ZodType;
  body?: z.ZodType;
  bodyKind: 'json' | 'multipart' | 'none';
  /** Success bodies by status; `null` for no body. */
  responses: Partial<Record<SuccessStatus, z.ZodType | null>>;
  errors: Partial<Record<ErrorStatus, ErrorSpec>>;
  /** An automatic retry after a 5xx or a lost connection cannot act twice. */
  retrySafe: boolean;
}

type OperationInput = Omit<Operation, 'errors' | 'extension' | 'index' | 'bodyKind' | 'retrySafe'> & {
  errors?: Partial<Record<ErrorStatus, ErrorSpec | string>>;
  /** Shape of every error of the operation except 429 (always structured). Default structured. */
  errorShape?: ErrorShape;
  extension?: boolean;
  index?: boolean;
  bodyKind?: Operation['bodyKind'];
  retrySafe?: boolean;
};

const AUTH_401: Record<AuthKind, string | null> = {
  apiKey: 'Missing, invalid or revoked API key.',
  partnerKey: 'Missing or invalid partner key (user API keys are rejected).',
  session: 'Missing or expired dashboard session, or missing CSRF token.',
  none: null,
};

/**
 * Builds a registry entry, adding the errors every operation of its kind can answer:
 * 400 for input it validates, 401 for authenticated routes, 404 for `{id}` routes, 429, 500 and 503.
 */
export function defineOperation<const T extends OperationInput>(input: T) {
  const shape: ErrorShape = input.errorShape ?? 'structured';
  const errors: Partial<Record<ErrorStatus, ErrorSpec>> = {};
  const add = (status: ErrorStatus, description: string, forced?: ErrorShape) => {
    errors[status] = { shape: forced ?? shape, description };
  };
  if (input.params || input.query || input.body) add(400, 'Invalid request: the message names the offending field.');
  const auth401 = AUTH_401[input.auth];
  if (auth401) add(401, auth401);
  if (input.auth === 'session' && input.method !== 'get') add(403, 'Missing or wrong x-csrf-token header.');
  if (input.path.includes('{')) add(404, 'Resource missing or not owned by the caller.');
  add(429, 'Rate limit exceeded: retry after the number of seconds in Retry-After.', 'structured');
  add(500, 'Unexpected server error.');
  add(
    503,
    'Storage temporarily unavailable (database busy, read-only or full); nothing was written: retry after Retry-After.',
  );
  for (const [status, spec] of Object.entries(input.errors ?? {})) {
    const s = Number(status) as ErrorStatus;
    errors[s] = typeof spec === 'string' ? { shape: s === 429 ? 'structured' : shape, description: spec } : spec;
  }
  const { errorShape: _shape, ...rest } = input;
  return {
    ...rest,
    extension: input.extension ?? false,
    index: input.index ?? false,
    bodyKind: input.bodyKind ?? (input.body ? 'json' : 'none'),
    retrySafe: input.retrySafe ?? input.method === 'get',
    errors,
  } as Omit<T, 'errors' | 'errorShape'> & Pick<Operation, 'errors' | 'extension' | 'index' | 'bodyKind' | 'retrySafe'>;
}
