import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManualClock } from '../src/clock.js';
import type { SeedResult } from '../src/seed.js';
import { launchChromium, loopbackApp } from './browser.js';

let browser: Browser;
let demo: SeedResult;
let base: string;
let clock: ManualClock;
let close: () => void;

beforeAll(async () => {
  const world = await loopbackApp('pages');
  ({ demo, base, clock, close } = world);
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  close?.();
});

const api = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${demo.apiKey}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json() as Promise<any>;
};

describe('hosted pages in Chromium', () => {
  it('a person completes the social-network connection and a connected account appears', async () => {
    const { url } = await api('POST', '/api/extconn/connect');
    const page = await browser.newPage();
    await page.goto(url);
    await page.fill('#first_name', 'Grace');
    await page.fill('#last_name', 'Hopper');
    await page.fill('#profile_slug', 'grace-hopper');
    await page.check('#has_sales_navigator');
    await page.click('button[type=submit]');
    await expect(page.getByTestId('done').textContent()).resolves.toBe('Account connected');
    await page.close();
    const { accounts } = await api('GET', '/api/extconn/accounts');
    expect(accounts.find((a: { display_name: string }) => a.display_name === 'Grace Hopper')).toMatchObject({
      status: 'connected',
      has_sales_navigator: true,
      weekly_connection_limit: 200,
    });
  });

  it('a person gives email consent and an active email sender appears', async () => {
    const { url } = await api('POST', '/api/email/accounts', { email_address: 'grace@navy.example' });
    const page = await browser.newPage();
    await page.goto(url);
    expect(await page.inputValue('#email')).toBe('grace@navy.example');
    await page.click('button[type=submit]');
    await expect(page.getByTestId('done').textContent()).resolves.toBe('Mailbox connected');
    await page.close();
    const { accounts } = await api('GET', '/api/accounts?type=email');
    expect(accounts.find((a: { email_address: string }) => a.email_address === 'grace@navy.example')).toMatchObject({
      status: 'active',
    });
  });

  it('an expired connection link shows a clear expired page', async () => {
    const { url } = await api('POST', '/api/extconn/connect');
    clock.advance(3_600_001);
    const page = await browser.newPage();
    const res = await page.goto(url);
    expect(res?.status()).toBe(410);
    expect(await page.getByTestId('link-state').getAttribute('data-state')).toBe('expired');
    expect(await page.locator('h1').textContent()).toBe('This link has expired');
    await page.close();
  });
});
