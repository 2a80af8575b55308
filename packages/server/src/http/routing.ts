import { type Operation, operationList } from '@outbound/schema';
import type { Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { z } from 'zod';
import type { AppContext, Principal } from '../context.js';
import { HttpError } from '../lib/http-error.js';
import { authenticate } from '../middleware/auth/index.js';
import { transportOf } from '../middleware/https-policy/index.js';
import { beginIdempotent, type IdempotentCall } from '../middleware/idempotency/index.js';
import { type RateLimitDecision, type RateLimiter, rateLimitHeaders } from '../middleware/rate-limit/index.js';
import { internalError, type RenderedResponse, renderError, storageError, validationError } from './errors.js';
import type { Handler, HandlerResult, Handlers } from './handler.js';

export type AppEnv = { Variables: { operation?: Operation; requestId: string } };

/** `/api/campaigns/{id}` → `/api/campaigns/:id`. */
export const honoPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/** Largest multipart upload, bytes (the media limit plus multipart framing). */
const MULTIPART_LIMIT = 11 * 1024 * 1024;

/** Mounts every operation of the registry; one without a handler answers 501. */
export function mountOperations(app: Hono<AppEnv>, ctx: AppContext, handlers: Handlers, limiter?: RateLimiter) {
  for (const op of operationList as Operation[]) {
    const handler = handlers[op.operationId as keyof Handlers] as Handler<never> | undefined;
    const limit = op.bodyKind === 'multipart' ? MULTIPART_LIMIT : ctx.config.bodyLimitBytes;
    const run = (c: Context<AppEnv>) => handle(c, op, ctx, handler, limiter);
    const tooLarge = () =>
      new HttpError(413, `Request body is larger than ${limit} bytes`, { reason: 'payload_too_large' });
    const streamed = bodyLimit({
      maxSize: limit,
      onError: () => {
        throw tooLarge();
      },
    });
    // Operations without a body skip the limit (any body sent is ignored). With a Content-Length
    // the size is known up front (the HTTP parser holds the body to it), so only chunked bodies
    // pay for the stream wrapper that counts bytes as they arrive.
    if (op.bodyKind === 'none') app.on(op.method.toUpperCase(), honoPath(op.path), run);
    else
      app.on(
        op.method.toUpperCase(),
        honoPath(op.path),
        (c, next) => {
          const declared = c.req.header('content-length');
          if (declared === undefined || !/^\d+$/.test(declared)) return streamed(c, next);
          if (Number(declared) > limit) throw tooLarge();
          return next();
        },
        run,
      );
  }
}

function toResponse(c: Context, r: RenderedResponse | HandlerResult, extra: Record<string, string>): Response {
  const headers = { ...extra, ...(r.headers ?? {}) };
  if (r.status === 204 || r.body === undefined) return c.body(null, r.status as 204, headers);
  return c.json(r.body as object, r.status as 200, headers);
}

async function handle(
  c: Context<AppEnv>,
  op: Operation,
  ctx: AppContext,
  handler: Handler<never> | undefined,
  limiter: RateLimiter | undefined,
): Promise<Response> {
  c.set('operation', op);
  let headers: Record<string, string> = {};
  let call: IdempotentCall | undefined;
  try {
    const address = transportOf(c.env)?.remoteAddress ?? 'local';
    let principal: Principal;
    try {
      principal = await authenticate(ctx, c, op.auth, address, op.alsoSession === true);
    } catch (error) {
      // Failed authentication is limited per address, so keys cannot be guessed at full speed.
      if (limiter) {
        const decision = limiter.hit(`addr:${address}`);
        headers = rateLimitHeaders(decision);
        if (!decision.allowed) throw tooMany(decision);
      }
      throw error;
    }
    if (limiter) {
      const decision = limiter.hit(rateKey(principal));
      headers = rateLimitHeaders(decision);
      if (!decision.allowed) throw tooMany(decision);
    }
    const raw = op.bodyKind === 'json' ? await c.req.text() : '';
    const idemKey = c.req.header('idempotency-key');
    if (idemKey !== undefined && op.method === 'post' && principal.kind !== 'anonymous') {
      call = await beginIdempotent(ctx, scopeOf(principal), idemKey, {
        method: op.method,
        path: c.req.path,
        body: raw,
      });
      if (call.replay) {
        const replay = call.replay;
        const replayHeaders = {
          ...headers,
          'content-type': 'application/json',
          'Idempotent-Replayed': 'true',
        };
        return replay.body === null
          ? c.body(null, replay.status as 204, replayHeaders)
          : c.body(replay.body, replay.status as 200, replayHeaders);
      }
    }
    if (!handler) throw new HttpError(501, `${op.operationId} is not implemented by this server version`);
    refuseSessionOnlyFields(op, principal, raw);
    const input = {
      params: parse(op.params, c.req.param(), 'path'),
      query: parse(op.query, c.req.query(), 'query'),
      body: op.bodyKind === 'json' && op.body ? parse(op.body, parseJson(raw), 'body') : undefined,
      principal,
      ctx,
      c,
    };
    const result = await handler(input as never);
    if (ctx.config.validateResponses) checkResponse(op, result);
    call?.finish(result.status, result.body === undefined ? null : JSON.stringify(result.body));
    return toResponse(c, result, headers);
  } catch (error) {
    const storage = error instanceof HttpError ? undefined : storageError(error);
    const httpError = error instanceof HttpError ? error : (storage ?? internalError());
    if (storage) {
      ctx.logger.warn(
        { err: { code: (error as { code?: string }).code }, requestId: c.get('requestId'), operation: op.operationId },
        'storage unavailable',
      );
    } else if (!(error instanceof HttpError)) {
      ctx.logger.error(
        {
          err: error instanceof Error ? { message: error.message, stack: error.stack } : String(error),
          requestId: c.get('requestId'),
          operation: op.operationId,
        },
        'unhandled error',
      );
    }
    const rendered = renderError(httpError, op);
    try {
      call?.finish(rendered.status, JSON.stringify(rendered.body), httpError.options.reason);
    } catch {
      // The idempotency record is lost with the storage; the caller retries with the same key.
    }
    return toResponse(c, rendered, headers);
  }
}

/** Fields only a dashboard session may send are refused with 403 on API-key requests, before validation. */
function refuseSessionOnlyFields(op: Operation, principal: Principal, raw: string): void {
  if (!op.sessionOnlyFields?.length || principal.kind !== 'user' || principal.via !== 'apiKey') return;
  let body: unknown;
  try {
    body = raw.trim() ? JSON.parse(raw) : undefined;
  } catch {
    return;
  }
  if (!body || typeof body !== 'object') return;
  const field = op.sessionOnlyFields.find((f) => f in (body as object));
  if (field) {
    throw new HttpError(403, `${field} is accepted only from a dashboard session, not with an API key`, { field });
  }
}

function rateKey(p: Principal): string {
  switch (p.kind) {
    case 'user':
      return p.via === 'apiKey' ? `key:${p.apiKeyId}` : `session:${p.sessionId}`;
    case 'partner':
      return `partner-key:${p.keyId}`;
    case 'anonymous':
      return `addr:${p.address}`;
  }
}

function scopeOf(p: Principal): string {
  return p.kind === 'partner' ? `partner:${p.partnerId}` : p.kind === 'user' ? `user:${p.userId}` : `addr:${p.address}`;
}

export function tooMany(d: RateLimitDecision): HttpError {
  return new HttpError(429, `Rate limit exceeded: retry after ${d.resetSeconds} seconds`, {
    headers: { 'Retry-After': String(d.resetSeconds) },
  });
}

function parseJson(raw: string): unknown {
  if (raw.trim() === '') return {};
  try {
    return JSON.parse(raw);
  } catch {
    throw new HttpError(400, 'Malformed JSON body: the request body must be a JSON document');
  }
}

function parse(schema: z.ZodType | undefined, value: unknown, where: 'body' | 'query' | 'path'): unknown {
  if (!schema) return undefined;
  const r = schema.safeParse(value);
  if (!r.success) throw validationError(r.error, where, value);
  return r.data;
}

function checkResponse(op: Operation, result: HandlerResult): void {
  const schema = op.responses[result.status as keyof Operation['responses']];
  if (schema === undefined) throw new Error(`${op.operationId} answered undocumented status ${result.status}`);
  if (schema === null) return;
  const r = schema.safeParse(result.body);
  if (!r.success) {
    throw new Error(
      `${op.operationId} ${result.status} body does not match the registry: ${JSON.stringify(r.error.issues.slice(0, 3))}`,
    );
  }
}
