import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setupOutboundMock } from '@outbound/mock/node';
import { createApp, seed } from '@outbound/server';
import { listen, openDatabase } from '@outbound/server/node';

/** What a scenario needs of a deployment. */
export interface Target {
  name: string;
  baseUrl: string;
  apiKey: string;
  partnerKey: string;
  email: string;
  password: string;
  close(): Promise<void> | void;
}

/** The reference server: a SQLite file and a real HTTP listener on loopback. */
export async function serverTarget(): Promise<Target> {
  const opened = openDatabase(join(mkdtempSync(join(tmpdir(), 'outbound-conformance-')), 'db.sqlite'));
  let app = createApp({ db: opened.db, config: { passwordIterations: 1000 } });
  const { server, port } = await listen(app, { port: 0, hostname: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${port}`;
  // Hosted URLs are built under the base URL, known only once listening.
  app = createApp({ db: opened.db, config: { passwordIterations: 1000, baseUrl } });
  server.removeAllListeners('request');
  server.on('request', (await import('@hono/node-server')).getRequestListener(app.hono.fetch));
  const demo = await seed(app.ctx);
  app.runner.start(25);
  return {
    name: 'server',
    baseUrl,
    apiKey: demo.apiKey,
    partnerKey: demo.partnerKey,
    email: demo.email,
    password: demo.password,
    close: async () => {
      await app.runner.stop();
      server.close();
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
