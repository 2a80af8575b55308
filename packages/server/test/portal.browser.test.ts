import { LIMITS } from '@outbound/schema';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManualClock } from '../src/clock.js';
import { NodeWebhookSender } from '../src/node.js';
import type { SeedResult } from '../src/seed.js';
import { launchChromium, loopbackApp } from './browser.js';
import { Receiver } from './receiver.js';

let browser: Browser;
let demo: SeedResult;
let base: string;
let clock: ManualClock;
let receiver: Receiver;
let close: () => Promise<void>;

beforeAll(async () => {
  const world = await loopbackApp('portal', {
    config: { mode: 'development' },
    providers: { webhooks: new NodeWebhookSender({ allowPrivate: true }) },
  });
  ({ demo, base, clock } = world);
  receiver = await new Receiver().start();
  browser = await launchChromium();
  close = async () => {
    await receiver.stop();
    world.close();
  };
});
afterAll(async () => {
  await browser?.close();
  await close?.();
});

const portalUrl = async () => {
  const res = await fetch(`${base}/api/v1/partners/portal`, {
    headers: { authorization: `Bearer ${demo.partnerKey}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { url: string }).url;
};

describe('webhook portal in Chromium', () => {
  it('adds an endpoint, sends a test event the receiver verifies, sees it in the log and retries it', async () => {
    const page = await browser.newPage();
    await page.goto(await portalUrl());
    expect(new URL(page.url()).pathname).toBe('/portal');
    await expect(page.getByTestId('no-endpoints').isVisible()).resolves.toBe(true);

    await page.fill('#url', receiver.url);
    await page.fill('#description', 'Local receiver');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.waitForURL(/\/portal\/endpoints\//);
    await expect(page.getByTestId('endpoint-url').textContent()).resolves.toBe(receiver.url);

    await page.getByRole('button', { name: 'Reveal secret' }).click();
    const secret = (await page.getByTestId('secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    receiver.secrets = [secret];

    await page.selectOption('#type', 'research.complete');
    await page.getByRole('button', { name: 'Send test event' }).click();
    await expect(page.getByTestId('notice').textContent()).resolves.toMatch(/answered 204/);
    expect(receiver.rejected).toEqual([]);
    expect(receiver.received).toHaveLength(1);
    const id = receiver.received[0]!.id;
    const row = page.locator(`tr[data-delivery-id="${id}"]`);
    await expect(row.getAttribute('data-status')).resolves.toBe('succeeded');

    await row.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByTestId('notice').textContent()).resolves.toContain(`Retried ${id}: answered 204`);
    await expect(page.locator(`tr[data-attempt-of="${id}"]`).count()).resolves.toBe(2);
    expect(receiver.received.map((r) => r.id)).toEqual([id, id]);
    await page.close();
  });

  it('an expired portal URL shows a clear expired page', async () => {
    const url = await portalUrl();
    clock.advance(LIMITS.portalUrlTtlMs);
    const page = await browser.newPage();
    const res = await page.goto(url);
    expect(res?.status()).toBe(410);
    await expect(page.locator('h1').textContent()).resolves.toBe('This portal link has expired');
    await expect(page.getByTestId('portal-expired').getAttribute('data-state')).resolves.toBe('expired');
    await page.close();
  });
});
