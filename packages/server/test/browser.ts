import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { type CreateAppOptions, createApp } from '../src/app.js';
import { ManualClock } from '../src/clock.js';
import type { ServerConfig } from '../src/defaults.js';
import { listen, openDatabase } from '../src/node.js';
import { seed } from '../src/seed.js';

/** Debian's Chromium, headless, with the flags this machine's closed network needs. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A free loopback port. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

/** The app on a fresh SQLite file, listening on a free loopback port, seeded, with a manual clock at now. */
export async function loopbackApp(
  name: string,
  options: {
    config?: Partial<ServerConfig>;
    providers?: CreateAppOptions['providers'];
    openapi?: CreateAppOptions['openapi'];
  } = {},
) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const opened = openDatabase(join(mkdtempSync(join(tmpdir(), `outbound-${name}-`)), 'db.sqlite'));
  const clock = new ManualClock(Date.now());
  const app = createApp({
    db: opened.db,
    clock,
    config: { baseUrl: base, passwordIterations: 1000, ...options.config },
    ...(options.providers ? { providers: options.providers } : {}),
    ...(options.openapi ? { openapi: options.openapi } : {}),
  });
  const demo = await seed(app.ctx);
  const { server } = await listen(app, { port, hostname: '127.0.0.1' });
  return {
    base,
    app,
    clock,
    demo,
    close: () => {
      server.close();
      opened.close();
    },
  };
}
