import { type Operation, operationList } from '@outbound/schema';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../src/node.js';
import { launchChromium, loopbackApp } from './browser.js';

let browser: Browser;
let base: string;
let close: () => void;

beforeAll(async () => {
  const world = await loopbackApp('docs', { openapi: openApiDocument });
  ({ base, close } = world);
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  close?.();
});

describe('/docs in Chromium, offline', () => {
  it('loads without any request off this machine and shows every operation of the registry', async () => {
    const context = await browser.newContext({ offline: false });
    const outside: string[] = [];
    await context.route('**/*', (route) => {
      const url = new URL(route.request().url());
      if (url.hostname === '127.0.0.1') return route.continue();
      outside.push(url.href);
      return route.abort();
    });
    const page = await context.newPage();
    const res = await page.goto(`${base}/docs`);
    expect(res?.status()).toBe(200);
    await expect(page.locator('h1').textContent()).resolves.toBe('Outbound Engagement API');
    const shown = await page.$$eval('[data-operation-id]', (els) =>
      els.map((e) => e.getAttribute('data-operation-id')),
    );
    const registry = (operationList as Operation[]).map((o) => o.operationId);
    expect([...shown].sort()).toEqual([...registry].sort());
    // Each operation shows its method and path as the registry has them.
    for (const op of operationList as Operation[]) {
      const text = await page.locator(`[data-operation-id="${op.operationId}"] h3`).textContent();
      expect(text).toBe(`${op.method.toUpperCase()}${op.path}`);
    }
    // The sidebar links resolve to sections on the page.
    await page.click('nav a[href="#launchCampaign"]');
    expect(page.url()).toBe(`${base}/docs#launchCampaign`);
    expect(outside).toEqual([]);
    await context.close();
  });

  it('serves the machine-readable document next to it', async () => {
    const res = await fetch(`${base}/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths).length).toBeGreaterThan(40);
  });
});
