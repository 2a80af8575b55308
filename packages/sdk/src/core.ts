import { ROUTES, type RouteId } from '@outbound/schema/routes';
import ky, { type KyInstance } from 'ky';
import { defaults, VERSION } from './defaults.js';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  MessageSentNotSavedError,
  OutboundError,
  parseRetryAfter,
} from './errors.js';
import { sleep } from './internal/sleep.js';

/** Anything with console-like methods; all optional. */
export interface Logger {
  debug?(message: string, data?: object): void;
  info?(message: string, data?: object): void;
  warn?(message: string, data?: object): void;
}

export interface ClientOptions {
  /** User API key (`pk_live_...`). Defaults to `OUTBOUND_API_KEY` in Node. */
  apiKey?: string;
  /** Partner key for `/api/v1/*`. Defaults to `OUTBOUND_PARTNER_KEY` in Node. */
  partnerKey?: string;
  /** Base address. Defaults to `OUTBOUND_BASE_URL` in Node, else the local reference server. */
  baseUrl?: string;
  /** Retries after the first attempt. @default 2 */
  maxRetries?: number;
  /** Time-out of one attempt, ms. @default 60 000 */
  timeout?: number;
  /** Time-out of a whole call including retries and their waits, ms. @default none */
  totalTimeout?: number;
  /** Longest Retry-After honoured; longer values are clamped to it, ms. @default 60 000 */
  maxRetryAfter?: number;
  /** A custom fetch (for tests, proxies or other runtimes). */
  fetch?: typeof fetch;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
  logger?: Logger;
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** Time-out of one attempt, ms. */
  timeout?: number;
  /** Time-out of the whole call including retries, ms. */
  totalTimeout?: number;
  maxRetries?: number;
  /** Makes a POST safe to retry; generated per call when omitted. */
  idempotencyKey?: string;
  headers?: Record<string, string>;
}

export interface CallInput {
  params?: Record<string, string>;
  query?: object;
  body?: unknown;
  options?: RequestOptions;
}

function env(name: string): string | undefined {
  const p = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process;
  return p?.env?.[name];
}

/** The transport: one ky instance, the retry rules of the spec, auth per operation. */
export class OutboundCore {
  readonly apiKey: string | undefined;
  readonly partnerKey: string | undefined;
  readonly baseUrl: string;
  readonly maxRetries: number;
  readonly timeout: number;
  readonly totalTimeout: number | undefined;
  readonly maxRetryAfter: number;
  readonly logger: Logger | undefined;
  readonly #http: KyInstance;
  readonly #headers: Record<string, string>;
  #session: { cookie?: string; csrf?: string } = {};

  constructor(options: ClientOptions = {}) {
    this.apiKey = options.apiKey ?? env('OUTBOUND_API_KEY');
    this.partnerKey = options.partnerKey ?? env('OUTBOUND_PARTNER_KEY');
    this.baseUrl = (options.baseUrl ?? env('OUTBOUND_BASE_URL') ?? defaults.baseUrl).replace(/\/+$/, '');
    this.maxRetries = options.maxRetries ?? defaults.maxRetries;
    this.timeout = options.timeout ?? defaults.timeout;
    this.totalTimeout = options.totalTimeout;
    this.maxRetryAfter = options.maxRetryAfter ?? defaults.maxRetryAfter;
    this.logger = options.logger;
    this.#headers = { accept: 'application/json', ...(options.headers ?? {}) };
    this.#http = ky.create({
      retry: 0,
      throwHttpErrors: false,
      timeout: false,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
  }

  /** Performs one operation of the registry, retrying as the spec's caller rules allow. */
  async request<T>(operationId: RouteId, input: CallInput = {}): Promise<T> {
    const route = ROUTES[operationId];
    const opts = input.options ?? {};
    const url = this.#url(route.path, input.params, input.query);
    const headers: Record<string, string> = {
      ...this.#headers,
      ...this.#auth(route.auth, operationId),
      ...(opts.headers ?? {}),
    };
    if (route.method === 'post' && (route.auth === 'apiKey' || route.auth === 'partnerKey')) {
      headers['idempotency-key'] = opts.idempotencyKey ?? crypto.randomUUID();
    }
    let body: BodyInit | undefined;
    if (input.body instanceof FormData) body = input.body;
    else if (input.body !== undefined) {
      body = JSON.stringify(input.body);
      headers['content-type'] = 'application/json';
    }

    const maxRetries = opts.maxRetries ?? this.maxRetries;
    const totalTimeout = opts.totalTimeout ?? this.totalTimeout;
    const deadline = totalTimeout === undefined ? undefined : Date.now() + totalTimeout;
    for (let attempt = 0; ; attempt++) {
      const remaining = deadline === undefined ? Number.POSITIVE_INFINITY : deadline - Date.now();
      if (remaining <= 0) throw new APIConnectionTimeoutError('Request timed out (total time-out reached)');
      const attemptTimeout = Math.min(opts.timeout ?? this.timeout, remaining);
      let response: Response;
      try {
        response = await this.#send(
          url,
          route.method,
          headers,
          body,
          attemptTimeout,
          opts.signal,
          route.auth === 'session',
        );
      } catch (error) {
        const failure = this.#transportError(error, opts.signal);
        if (failure instanceof APIUserAbortError || !route.retrySafe || attempt >= maxRetries) throw failure;
        await this.#wait(this.#backoff(attempt), opts.signal, deadline, failure);
        continue;
      }
      if (response.ok) {
        const data = await this.#parse(response);
        if (operationId === 'createSession') this.#remember(response, data);
        return data as T;
      }
      const error = APIError.generate({
        status: response.status,
        body: await this.#parse(response),
        headers: response.headers,
        operationId,
      });
      const delay = this.#retryDelay(error, route.retrySafe, attempt);
      if (delay === undefined || attempt >= maxRetries) throw error;
      this.logger?.info?.(`retrying ${operationId} after ${error.status}`, {
        attempt: attempt + 1,
        delayMs: delay,
        requestId: error.requestId,
      });
      await this.#wait(delay, opts.signal, deadline, error);
    }
  }

  /** How long to wait before retrying after this error, or undefined when it must not be retried. */
  #retryDelay(error: APIError, retrySafe: boolean, attempt: number): number | undefined {
    if (error.status === 429) {
      const asked = parseRetryAfter(error.headers.get('retry-after'), Date.now());
      return asked === undefined ? this.#backoff(attempt) : Math.min(asked, this.maxRetryAfter);
    }
    if (error.status >= 500 && retrySafe && !(error instanceof MessageSentNotSavedError)) {
      const asked = parseRetryAfter(error.headers.get('retry-after'), Date.now());
      return asked === undefined ? this.#backoff(attempt) : Math.min(asked, this.maxRetryAfter);
    }
    return undefined;
  }

  /** Exponential backoff from 1 s, doubling, capped, with up to 25 % jitter. */
  #backoff(attempt: number): number {
    const base = Math.min(defaults.initialRetryDelay * 2 ** attempt, defaults.maxRetryDelay);
    return Math.round(base * (1 - Math.random() * 0.25));
  }

  async #wait(ms: number, signal: AbortSignal | undefined, deadline: number | undefined, cause: Error): Promise<void> {
    if (deadline !== undefined && Date.now() + ms >= deadline) throw cause;
    await sleep(ms, signal);
  }

  async #send(
    url: string,
    method: string,
    headers: Record<string, string>,
    body: BodyInit | undefined,
    timeout: number,
    signal: AbortSignal | undefined,
    withCredentials: boolean,
  ): Promise<Response> {
    const timer = AbortSignal.timeout(timeout);
    const combined = signal ? AbortSignal.any([signal, timer]) : timer;
    return this.#http(url, {
      method: method.toUpperCase(),
      headers,
      body,
      signal: combined,
      ...(withCredentials ? { credentials: 'include' as const } : {}),
    });
  }

  #transportError(error: unknown, signal: AbortSignal | undefined): OutboundError {
    if (signal?.aborted) return new APIUserAbortError();
    const name = (error as { name?: string })?.name;
    if (name === 'TimeoutError') return new APIConnectionTimeoutError();
    return new APIConnectionError(`Connection error: ${(error as Error)?.message ?? String(error)}`, { cause: error });
  }

  async #parse(response: Response): Promise<unknown> {
    if (response.status === 204) return undefined;
    const text = await response.text();
    if (!text) return undefined;
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }

  #url(path: string, params: Record<string, string> = {}, query?: object): string {
    const filled = path.replace(/\{(\w+)\}/g, (_m, name: string) => {
      const value = params[name];
      if (value === undefined) throw new OutboundError(`missing path parameter ${name}`);
      return encodeURIComponent(value);
    });
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null) search.set(k, String(v));
    const qs = search.toString();
    return `${this.baseUrl}${filled}${qs ? `?${qs}` : ''}`;
  }

  #auth(kind: string, operationId: string): Record<string, string> {
    if (kind === 'apiKey') {
      if (!this.apiKey)
        throw new OutboundError(`${operationId} needs an API key: pass { apiKey } or set OUTBOUND_API_KEY`);
      return { authorization: `Bearer ${this.apiKey}` };
    }
    if (kind === 'partnerKey') {
      if (!this.partnerKey) {
        throw new OutboundError(`${operationId} needs a partner key: pass { partnerKey } or set OUTBOUND_PARTNER_KEY`);
      }
      return { authorization: `Bearer ${this.partnerKey}` };
    }
    if (kind === 'session') {
      return {
        ...(this.#session.cookie ? { cookie: this.#session.cookie } : {}),
        ...(this.#session.csrf ? { 'x-csrf-token': this.#session.csrf } : {}),
      };
    }
    return {};
  }

  /** Keeps the dashboard session of a login (the cookie is sent by the browser itself there). */
  #remember(response: Response, data: unknown): void {
    const setCookie = response.headers.get('set-cookie');
    const cookie = setCookie ? /outbound_session=[^;]+/.exec(setCookie)?.[0] : undefined;
    const csrf = (data as { csrf_token?: string } | undefined)?.csrf_token;
    this.#session = { cookie, csrf };
  }

  /** SDK version, sent nowhere (browsers forbid custom agents); for logs. */
  static readonly version = VERSION;
}
