import { codeForStatus, type Operation } from '@outbound/schema';
import type { z } from 'zod';
import { HttpError } from '../lib/http-error.js';

export interface RenderedResponse {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

/**
 * The one error renderer: the documented shape of the operation for that status (flat or
 * structured), structured for framework-level errors and always for 429. Never a stack trace.
 */
export function renderError(error: HttpError, op?: Operation): RenderedResponse {
  const { status } = error;
  const shape =
    status === 429 ? 'structured' : (op?.errors[status as keyof Operation['errors']]?.shape ?? 'structured');
  const headers = { ...(error.options.headers ?? {}) };
  if (shape === 'flat') return { status, body: { error: error.message }, headers };
  return {
    status,
    headers,
    body: {
      error: {
        code: error.options.code ?? codeForStatus(status),
        message: error.message,
        ...(error.options.field ? { field: error.options.field } : {}),
        ...(error.options.reason ? { reason: error.options.reason } : {}),
      },
    },
  };
}

/** A generic 500 that says nothing about the internals. */
export const internalError = () => new HttpError(500, 'Internal server error: the request could not be completed');

/** Turns the first zod issue into a 400 that names the offending field. */
export function validationError(error: z.ZodError, where: 'body' | 'query' | 'path', input?: unknown): HttpError {
  const issue = error.issues[0];
  if (!issue) return new HttpError(400, `Invalid ${where}`);
  let path = issue.path.map(String).join('.');
  let message = issue.message;
  if (issue.code === 'unrecognized_keys') {
    const keys = (issue as { keys?: string[] }).keys ?? [];
    path = [path, keys[0]].filter(Boolean).join('.');
    message = `unknown field${keys.length > 1 ? 's' : ''} ${keys.join(', ')}: additional properties are rejected`;
  } else if (issue.path.length > 0 && valueAt(input, issue.path) === undefined) {
    message = 'is required';
  }
  const field = path || undefined;
  const text = field
    ? `${where === 'body' ? '' : `${where} parameter `}${field}: ${message}`
    : `Invalid ${where}: ${message}`;
  return new HttpError(400, text, field ? { field } : {});
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = input;
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}

/** SQLite conditions that mean "storage unavailable for now", not a bug: busy, locked, full, read-only, I/O. */
const STORAGE_CODES = /^SQLITE_(BUSY|LOCKED|FULL|READONLY|IOERR|CANTOPEN|PROTOCOL)/;

/**
 * A 503 with Retry-After for an error of the storage itself (disk full, read-only file, lock
 * time-out, I/O error), or undefined for anything else. Nothing was written: every write runs in
 * one transaction.
 */
export function storageError(error: unknown): HttpError | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !STORAGE_CODES.test(code)) return undefined;
  return new HttpError(503, 'Storage is temporarily unavailable: retry after the number of seconds in Retry-After', {
    reason: 'storage_unavailable',
    headers: { 'Retry-After': '5' },
  });
}
