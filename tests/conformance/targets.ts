import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setupOutboundMock } from '@outbound/mock/node';
import type { OperationId } from '@outbound/schema';
import {
  BillingUnavailableError,
  createApp,
  localBilling,
  ProviderSendError,
  RecordingMail,
  seed,
} from '@outbound/server';
import { listen, openDatabase } from '@outbound/server/node';

/** What a scenario needs of a deployment. */
export interface Target {
  name: string;
  baseUrl: string;
  apiKey: string;
  partnerKey: string;
  email: string;
  password: string;
  /**
   * Where to send a request so that it meets a condition a healthy deployment does not show on
   * its own: 429 (the rate limit spent) or 500 (an internal fault). Absent for remote targets.
   */
  faults?: {
    arrange(operationId: OperationId, status: 429 | 500 | 503): Promise<Access>;
    /** Makes the next use of an outside provider fail: an email send, billing, the partner's credits. */
    provider(kind: ProviderFault): void;
  };
  close(): Promise<void> | void;
}

/** A base URL and the credentials that work there. */
export interface Access {
  baseUrl: string;
  apiKey: string;
  partnerKey: string;
  /** A dashboard session there (cookie header and CSRF token), for cookie-session routes. */
  session?: { cookie: string; csrf: string };
}

export type ProviderFault = 'send' | 'billingDown' | 'noPlan' | 'noCredits';

/** Providers of the server target whose next use can be made to fail. */
function faultyProviders(db: Parameters<typeof localBilling>[0]) {
  const pending = new Set<ProviderFault>();
  const take = (f: ProviderFault) => pending.delete(f);
  const billing = localBilling(db);
  const mail = new RecordingMail();
  return {
    pending,
    providers: {
      mail: {
        send: async (m: Parameters<RecordingMail['send']>[0]) => {
          if (take('send')) throw new ProviderSendError('SMTP send failed (conformance fault)');
          return mail.send(m);
        },
      },
      billing: {
        planState: async (userId: string) => {
          if (take('billingDown')) throw new BillingUnavailableError('billing unreachable (conformance fault)');
          return take('noPlan') ? ('none' as const) : billing.planState(userId);
        },
        balance: async (owner: Parameters<typeof billing.balance>[0]) => {
          if ('partnerId' in owner && take('noCredits')) return 0;
          return billing.balance(owner);
        },
      },
    },
  };
}

/** The reference server: a SQLite file and a real HTTP listener on loopback. */
export async function serverTarget(): Promise<Target> {
  const opened = openDatabase(join(mkdtempSync(join(tmpdir(), 'outbound-conformance-')), 'db.sqlite'));
  let app = createApp({ db: opened.db, config: { passwordIterations: 1000 } });
  const { server, port } = await listen(app, { port: 0, hostname: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${port}`;
  // Hosted URLs are built under the base URL, known only once listening.
  const faulty = faultyProviders(opened.db);
  app = createApp({ db: opened.db, config: { passwordIterations: 1000, baseUrl }, providers: faulty.providers });
  server.removeAllListeners('request');
  server.on('request', (await import('@hono/node-server')).getRequestListener(app.hono.fetch));
  const demo = await seed(app.ctx);
  app.runner.start(25);

  // 429: a second listener on the same database whose limit is one request per key (or address)
  // per hour; one request spends it, and every later one meets the real limiter.
  const limitedApp = createApp({
    db: opened.db,
    config: { passwordIterations: 1000, rateLimit: { limit: 1, windowMs: 3_600_000 } },
  });
  const limited = await listen(limitedApp, { port: 0, hostname: '127.0.0.1' });
  const limitedAccess = {
    baseUrl: `http://127.0.0.1:${limited.port}`,
    apiKey: demo.apiKey,
    partnerKey: demo.partnerKey,
  };
  await fetch(`${limitedAccess.baseUrl}/api/account`, { headers: { authorization: `Bearer ${demo.apiKey}` } });
  await fetch(`${limitedAccess.baseUrl}/api/v1/partners/portal`, {
    headers: { authorization: `Bearer ${demo.partnerKey}` },
  });
  await fetch(`${limitedAccess.baseUrl}/api/account`); // unauthenticated: limited per address

  // 500: a listener whose database has gone away (its connection closed): every request that
  // reaches storage fails inside the server.
  const lost = openDatabase(join(mkdtempSync(join(tmpdir(), 'outbound-conformance-lost-')), 'db.sqlite'));
  const lostApp = createApp({ db: lost.db, config: { passwordIterations: 1000, rateLimit: false } });
  const lostSeed = await seed(lostApp.ctx);
  const login = await lostApp.request('/api/session', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: lostSeed.email, password: lostSeed.password }),
  });
  const session = {
    cookie: (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '',
    csrf: ((await login.json()) as { csrf_token: string }).csrf_token,
  };
  lost.close();
  const broken = await listen(lostApp, { port: 0, hostname: '127.0.0.1' });
  const brokenAccess = {
    baseUrl: `http://127.0.0.1:${broken.port}`,
    apiKey: lostSeed.apiKey,
    partnerKey: lostSeed.partnerKey,
    session,
  };

  // 503: a listener on the same file opened read-only: writes meet storage that refuses them.
  const readonly = openDatabase(opened.sqlite.name, { readonly: true });
  const readonlyApp = createApp({ db: readonly.db, config: { passwordIterations: 1000, rateLimit: false } });
  const readonlyListener = await listen(readonlyApp, { port: 0, hostname: '127.0.0.1' });
  const readonlyAccess = {
    baseUrl: `http://127.0.0.1:${readonlyListener.port}`,
    apiKey: demo.apiKey,
    partnerKey: demo.partnerKey,
  };

  return {
    name: 'server',
    baseUrl,
    apiKey: demo.apiKey,
    partnerKey: demo.partnerKey,
    email: demo.email,
    password: demo.password,
    faults: {
      arrange: async (_op, status) => (status === 429 ? limitedAccess : status === 503 ? readonlyAccess : brokenAccess),
      provider: (kind) => faulty.pending.add(kind),
    },
    close: async () => {
      await app.runner.stop();
      server.close();
      limited.server.close();
      broken.server.close();
      readonlyListener.server.close();
      readonly.close();
      opened.close();
    },
  };
}

/** The MSW mock: the same app in-process over sql.js, intercepting fetch. */
export async function mockTarget(): Promise<Target> {
  const mock = await setupOutboundMock({ timing: 'instant' });
  mock.listen();
  const c = mock.credentials;
  return {
    name: 'mock',
    baseUrl: c.baseUrl,
    apiKey: c.apiKey,
    partnerKey: c.partnerKey,
    email: c.email,
    password: c.password,
    // The mock forces the status on the next call of the operation (its documented shape).
    faults: {
      arrange: async (operationId, status) => {
        if (status === 429) mock.scenarios.rateLimit(operationId, { times: 1, retryAfter: 1 });
        else mock.scenarios.fail(operationId, status, { times: 1, ...(status === 503 ? { retryAfter: 5 } : {}) });
        return { baseUrl: c.baseUrl, apiKey: c.apiKey, partnerKey: c.partnerKey };
      },
      provider: (kind) => {
        if (kind === 'send') mock.scenarios.providerFailure('send');
        else if (kind === 'billingDown') mock.scenarios.fail('completeOnboarding', 503, { times: 1 });
        else if (kind === 'noPlan') mock.scenarios.fail('completeOnboarding', 402, { times: 1 });
        else mock.scenarios.fail('submitResearch', 402, { times: 1 });
      },
    },
    close: () => mock.close(),
  };
}

/** Any deployment: OUTBOUND_BASE_URL, OUTBOUND_API_KEY, OUTBOUND_PARTNER_KEY (and dashboard login). */
export function remoteTarget(): Target | undefined {
  const e = process.env;
  if (!e.OUTBOUND_BASE_URL || !e.OUTBOUND_API_KEY || !e.OUTBOUND_PARTNER_KEY) return undefined;
  return {
    name: 'remote',
    baseUrl: e.OUTBOUND_BASE_URL,
    apiKey: e.OUTBOUND_API_KEY,
    partnerKey: e.OUTBOUND_PARTNER_KEY,
    email: e.OUTBOUND_DASHBOARD_EMAIL ?? 'demo@outbound.local',
    password: e.OUTBOUND_DASHBOARD_PASSWORD ?? 'outbound-demo',
    close: () => {},
  };
}
