// The browser face of the mock: a page built from examples/browser-mock uses the SDK against the
// browser mock (MSW service worker, sql.js) in Debian's Chromium and shows a launched campaign.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { build } from 'esbuild';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const example = join(__dirname, '../../../examples/browser-mock');
let server: Server;
let browser: Browser;
let origin: string;

beforeAll(async () => {
  const bundle = await build({
    entryPoints: [join(example, 'main.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    conditions: ['source', 'browser'],
    logLevel: 'silent',
  });
  const files: Record<string, { type: string; body: Buffer | Uint8Array }> = {
    '/': { type: 'text/html', body: readFileSync(join(example, 'index.html')) },
    '/main.js': { type: 'text/javascript', body: bundle.outputFiles[0]!.contents },
    '/sql-wasm.wasm': { type: 'application/wasm', body: readFileSync(require.resolve('sql.js/dist/sql-wasm.wasm')) },
    '/mockServiceWorker.js': {
      type: 'text/javascript',
      body: readFileSync(join(require.resolve('msw'), '../../mockServiceWorker.js')),
    },
  };
  server = createServer((req, res) => {
    const file = files[new URL(req.url ?? '/', 'http://x').pathname];
    if (!file) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': file.type }).end(file.body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
}, 60_000);

afterAll(async () => {
  await browser?.close();
  server?.close();
});

describe('the browser mock', () => {
  it('runs the SDK in Chromium against the mock and shows a launched campaign', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.stack ?? String(e)));
    await page.goto(origin);
    const out = page.locator('#out');
    const logs: string[] = [];
    page.on('console', (m) => logs.push(`${m.type()}: ${m.text()}`));
    await out
      .and(page.locator('[data-status="active"], [data-status="error"]'))
      .waitFor({ timeout: 30_000 })
      .catch(async (e: Error) => {
        // Say what the page showed and logged, not only that it timed out.
        throw new Error(
          `${e.message}\npage: ${await out.textContent()}\nerrors: ${errors.join('\n')}\nconsole: ${logs.join('\n')}`,
        );
      });
    expect(await out.getAttribute('data-status'), (await out.textContent()) ?? '').toBe('active');
    expect(await out.textContent()).toBe('Browser launch: active (1 sent)');
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);
});
