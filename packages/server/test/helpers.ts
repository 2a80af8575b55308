import { expect } from 'vitest';
import { type CreateAppOptions, createApp, type OutboundApp } from '../src/app.js';
import { ManualClock } from '../src/clock.js';
import type { ServerConfig } from '../src/defaults.js';
import { openDatabase } from '../src/node.js';
import { type SeedResult, seed } from '../src/seed.js';

export const START = Date.UTC(2026, 10, 16, 9, 0, 0);

export interface TestWorld {
  app: OutboundApp;
  clock: ManualClock;
  demo: SeedResult;
  /** A second, unrelated account. */
  other: SeedResult;
  close(): void;
}

/** A fresh app on an in-memory database with a manual clock, seeded with two accounts. */
export async function world(
  options: { config?: Partial<ServerConfig>; providers?: CreateAppOptions['providers'] } = {},
): Promise<TestWorld> {
  const opened = openDatabase(':memory:');
  const clock = new ManualClock(START);
  const app = createApp({
    db: opened.db,
    clock,
    providers: options.providers,
    config: {
      mode: 'test',
      validateResponses: true,
      passwordIterations: 1000,
      baseUrl: 'https://api.outbound.test',
      ...options.config,
    },
  });
  const demo = await seed(app.ctx);
  const other = await seed(app.ctx, { email: 'other@example.com', randomSeed: 7 });
  return { app, clock, demo, other, close: opened.close };
}

export interface CallOptions {
  key?: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  env?: unknown;
}

/** An in-process request through `app.request`. */
export async function call(app: OutboundApp, method: string, path: string, options: CallOptions = {}) {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.key) headers.authorization = `Bearer ${options.key}`;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  const res = await app.request(path, { method, headers, body }, options.env);
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, json: json as any, text };
}

/** Asserts a structured error body with the given code. */
export function expectStructured(res: { json: any }, code: string): void {
  expect(res.json).toEqual({ error: expect.objectContaining({ code, message: expect.any(String) }) });
}

/** Asserts a flat `{error: string}` body. */
export function expectFlat(res: { json: any }): void {
  expect(Object.keys(res.json)).toEqual(['error']);
  expect(typeof res.json.error).toBe('string');
}

/** Logs in to the dashboard and answers the cookie and CSRF token. */
export async function dashboard(app: OutboundApp, email = 'demo@outbound.local', password = 'outbound-demo') {
  const res = await call(app, 'POST', '/api/session', { body: { email, password } });
  expect(res.status).toBe(200);
  const cookie = res.headers.get('set-cookie') ?? '';
  const token = /outbound_session=([^;]+)/.exec(cookie)?.[1] ?? '';
  return {
    setCookie: cookie,
    csrf: res.json.csrf_token as string,
    headers: (withCsrf = true): Record<string, string> => ({
      cookie: `outbound_session=${token}`,
      ...(withCsrf ? { 'x-csrf-token': res.json.csrf_token } : {}),
    }),
  };
}
