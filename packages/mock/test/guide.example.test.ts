import { type NodeOutboundMock, setupOutboundMock } from '@outbound/mock/node';
import { Outbound, RateLimitError } from '@outbound/sdk';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';

let mock: NodeOutboundMock;
let client: Outbound;

beforeAll(async () => {
  mock = await setupOutboundMock({ timing: 'instant', seed: 1 });
  mock.listen();
  const { apiKey, partnerKey, baseUrl } = mock.credentials;
  client = new Outbound({ apiKey, partnerKey, baseUrl });
});
afterEach(() => mock.reset());
afterAll(() => mock.close());

it('lists the seeded sender accounts', async () => {
  const { accounts } = await client.accounts.list({ type: 'email' });
  expect(accounts[0]?.status).toBe('active');
});

it('retries a rate-limited call after Retry-After', async () => {
  mock.scenarios.rateLimit('getAccount', { times: 1, retryAfter: 0 });
  const { account } = await client.account.retrieve();
  expect(account.email).toBe(mock.credentials.email);
});

it('surfaces a rate limit that outlasts the retries as a typed error', async () => {
  mock.scenarios.rateLimit('getAccount', { times: 3, retryAfter: 0 });
  await expect(client.account.retrieve()).rejects.toBeInstanceOf(RateLimitError);
});

it('lets time pass: a hosted connection URL expires after an hour', async () => {
  const { url } = await client.extconn.connect();
  await mock.clock.advance('61m');
  expect((await fetch(url)).status).toBe(410);
});
