import { type Operation, operationList } from '@outbound/schema';
import { Hono } from 'hono';
import { requestId } from 'hono/request-id';
import { type Clock, systemClock } from './clock.js';
import type { AppContext } from './context.js';
import type { Db } from './db/client.js';
import { defaultConfig, type ServerConfig } from './defaults.js';
import { WebhookDispatcher } from './domain/webhooks.js';
import { renderError, storageError } from './http/errors.js';
import { mountInbound } from './http/inbound.js';
import { type AppEnv, honoPath, mountOperations } from './http/routing.js';
import { registerJobs } from './jobs/index.js';
import { JobRunner } from './jobs/runner.js';
import { HttpError } from './lib/http-error.js';
import { type Logger, silentLogger } from './logger.js';
import { bearerCors, securityHeaders } from './middleware/headers/index.js';
import { enforceHttps, transportOf } from './middleware/https-policy/index.js';
import { RateLimiter } from './middleware/rate-limit/index.js';
import { mountDocs } from './pages/docs.js';
import { mountPages } from './pages/index.js';
import { defaultProviders, type Providers } from './providers/index.js';
import { handlers } from './routes/index.js';

export interface CreateAppOptions {
  db: Db;
  clock?: Clock;
  providers?: Partial<Providers>;
  config?: Partial<ServerConfig>;
  logger?: Logger;
  /**
   * Serves `/docs` and `/openapi.json` from this document (loaded on first use). The Node server
   * passes the contract's generator (`openApiDocument` from `@outbound/server/node`).
   */
  openapi?: () => Promise<object>;
}

/** The app: a Hono instance plus its job runner. It never listens and never reads the environment. */
export interface OutboundApp {
  hono: Hono<AppEnv>;
  fetch: (request: Request, env?: unknown) => Promise<Response>;
  /** `app.request('/api/account', init)`: an in-process request, no port needed. */
  request: Hono<AppEnv>['request'];
  runner: JobRunner;
  /** Sends queued webhook deliveries; `start()` it next to the runner. */
  webhooks: WebhookDispatcher;
  ctx: AppContext;
}

/** Paths of cookie-session routes: same-origin only, so no CORS headers there. */
const SESSION_PATHS = new Set(
  (operationList as Operation[]).filter((o) => o.auth === 'session' || o.auth === 'none').map((o) => o.path),
);

const REQUEST_ID = /^[A-Za-z0-9._-]{1,100}$/;

export function createApp(options: CreateAppOptions): OutboundApp {
  const config: ServerConfig = { ...defaultConfig, ...options.config };
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? silentLogger;
  const runner = new JobRunner(options.db, clock, { leaseMs: config.jobLeaseMs, logger });
  const ctx = {
    db: options.db,
    clock,
    config,
    logger,
    runner,
    providers: defaultProviders(options.db, options.providers),
  } as AppContext;
  ctx.webhooks = new WebhookDispatcher(ctx);
  registerJobs(ctx);

  const app = new Hono<AppEnv>();
  app.use(
    requestId({
      headerName: 'x-request-id',
      generator: () => crypto.randomUUID(),
      limitLength: 100,
    }),
  );
  app.use(async (c, next) => {
    const incoming = c.req.header('x-request-id');
    if (incoming && !REQUEST_ID.test(incoming)) c.set('requestId', crypto.randomUUID());
    // Headers are set before the handler runs: set after, each one copies the finished response
    // (and on Node turns off the adapter's fast path for writing it).
    c.header('x-request-id', c.get('requestId'));
    await next();
  });
  app.use(async (c, next) => {
    const started = Date.now();
    await next();
    logger.info(
      {
        requestId: c.get('requestId'),
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Date.now() - started,
      },
      'request',
    );
  });
  app.use(async (c, next) => {
    enforceHttps(transportOf(c.env), c.req.header('x-forwarded-proto'), config.trustedProxies);
    await next();
  });
  app.use(securityHeaders);
  app.use('/api/*', async (c, next) => {
    if (SESSION_PATHS.has(c.req.path)) return next();
    return bearerCors(c, next);
  });
  app.use('/api/*', async (c, next) => {
    c.header('Cache-Control', 'no-store');
    await next();
  });

  const limiter = config.rateLimit
    ? new RateLimiter(clock, config.rateLimit.limit, config.rateLimit.windowMs)
    : undefined;
  mountPages(app, ctx);
  if (options.openapi) mountDocs(app, options.openapi);
  mountInbound(app, ctx);
  mountOperations(app, ctx, handlers, limiter);

  const routeTable = (operationList as Operation[]).map((o) => ({
    pattern: new RegExp(`^${honoPath(o.path).replace(/:\w+/g, '[^/]+')}$`),
    method: o.method.toUpperCase(),
  }));
  app.notFound((c) => {
    const allowed = routeTable.filter((r) => r.pattern.test(c.req.path)).map((r) => r.method);
    const error =
      allowed.length > 0
        ? new HttpError(405, `Method ${c.req.method} is not allowed here; allowed: ${allowed.join(', ')}`, {
            reason: 'method_not_allowed',
            headers: { Allow: allowed.join(', ') },
          })
        : new HttpError(404, `No route ${c.req.method} ${c.req.path}`);
    const r = renderError(error);
    return c.json(r.body as object, r.status as 404, r.headers);
  });
  app.onError((error, c) => {
    const httpError = error instanceof HttpError ? error : storageError(error);
    if (!httpError) {
      logger.error(
        { err: { message: error.message, stack: error.stack }, requestId: c.get('requestId') },
        'unhandled error',
      );
    }
    const r = renderError(httpError ?? new HttpError(500, 'Internal server error'), c.get('operation'));
    return c.json(r.body as object, r.status as 500, r.headers);
  });

  return {
    hono: app,
    fetch: (request, env) => Promise.resolve(app.fetch(request, env)),
    request: app.request.bind(app) as Hono<AppEnv>['request'],
    runner,
    webhooks: ctx.webhooks,
    ctx,
  };
}
