import type { NodeOutboundMock } from '@outbound/mock/node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  APIUserAbortError,
  CampaignLaunchFailedError,
  Outbound,
  PollTimeoutError,
  ResearchFailedError,
} from '../src/index.js';
import { clientFor, json, scripted, startMock } from './setup.js';

const thread = (n: number) => ({ id: `t${n}` });
const page = (items: unknown[], p: number, more: boolean) =>
  json(200, { threads: items, total: 5, page: p, limit: 2, has_more: more });

describe('pagination', () => {
  it('await gives the first page; for await walks every item across pages', async () => {
    const s = scripted([
      page([thread(1), thread(2)], 1, true),
      page([thread(1), thread(2)], 1, true),
      page([thread(3), thread(4)], 2, true),
      page([thread(5)], 3, false),
    ]);
    const client = new Outbound({ apiKey: 'pk', baseUrl: 'https://x.test', fetch: s.fetch });
    const first = await client.threads.list({ limit: 2 });
    expect(first.threads).toHaveLength(2);
    const ids: string[] = [];
    for await (const t of client.threads.list({ limit: 2 })) ids.push(t.id);
    expect(ids).toEqual(['t1', 't2', 't3', 't4', 't5']);
    expect(s.seen.map((r) => new URL(r.url).search)).toEqual([
      '?limit=2&page=1',
      '?limit=2&page=1',
      '?limit=2&page=2',
      '?limit=2&page=3',
    ]);
  });
});

const campaign = (status: string) => ({ campaign: { id: 'c1', status }, sequence_nodes: [] });
const launched = () =>
  json(200, { success: true, message: 'Campaign launch started', runId: 'r', prospectsToProcess: 3 });

describe('campaigns.launchAndWait', () => {
  it('launches, then polls every 30 seconds until active, reporting progress', async () => {
    vi.useFakeTimers();
    const s = scripted([
      launched,
      json(200, campaign('launching')),
      json(200, campaign('launching')),
      json(200, campaign('active')),
    ]);
    const client = new Outbound({ apiKey: 'pk', baseUrl: 'https://x.test', fetch: s.fetch });
    const progress: string[] = [];
    const done = client.campaigns.launchAndWait('c1', { onProgress: (p) => progress.push(p.status) });
    await vi.advanceTimersByTimeAsync(29_999);
    expect(s.seen).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(s.seen).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(30_000);
    const result = await done;
    expect(result.status).toBe('active');
    expect(progress).toEqual(['launching', 'launching', 'active']);
    expect(s.seen.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([
      'POST /api/campaigns/c1/launch',
      'GET /api/campaigns/c1',
      'GET /api/campaigns/c1',
      'GET /api/campaigns/c1',
    ]);
    vi.useRealTimers();
  });

  it('rejects with a typed error when the launch returns to draft', async () => {
    const s = scripted([launched, json(200, campaign('launching')), json(200, campaign('draft'))]);
    const client = new Outbound({ apiKey: 'pk', baseUrl: 'https://x.test', fetch: s.fetch });
    const e = await client.campaigns.launchAndWait('c1', { interval: 1 }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(CampaignLaunchFailedError);
    expect((e as CampaignLaunchFailedError).campaign).toMatchObject({ status: 'draft' });
  });

  it('stops at its deadline and on abort', async () => {
    const forever = () => json(200, campaign('launching'));
    const s = scripted([launched, ...Array.from({ length: 50 }, () => forever)]);
    const client = new Outbound({ apiKey: 'pk', baseUrl: 'https://x.test', fetch: s.fetch });
    await expect(client.campaigns.launchAndWait('c1', { interval: 10, timeout: 50 })).rejects.toBeInstanceOf(
      PollTimeoutError,
    );
    const controller = new AbortController();
    const s2 = scripted([...Array.from({ length: 50 }, () => forever)]);
    const c2 = new Outbound({ apiKey: 'pk', baseUrl: 'https://x.test', fetch: s2.fetch });
    setTimeout(() => controller.abort(), 30);
    await expect(
      c2.campaigns.waitUntil('c1', 'active', { interval: 10_000, signal: controller.signal }),
    ).rejects.toBeInstanceOf(APIUserAbortError);
  });
});

const person = { id: 'p1', first_name: 'Ada', last_name: 'Lovelace' };
const envelope = (status: string, report: unknown = null) => ({ person, status, report, change_summary: null });
const body = { first_name: 'Ada', last_name: 'Lovelace', linkedin_url: 'https://www.linkedin.com/in/ada' };

describe('research.submitAndWait', () => {
  it('returns at once on a cached complete report', async () => {
    const s = scripted([json(200, envelope('complete', { summary: 's', icp_score: 80 }))]);
    const client = new Outbound({ partnerKey: 'ptk', baseUrl: 'https://x.test', fetch: s.fetch });
    expect((await client.research.submitAndWait(body)).report).toMatchObject({ icp_score: 80 });
    expect(s.seen).toHaveLength(1);
  });

  it('polls the person every 30 seconds until complete', async () => {
    vi.useFakeTimers();
    const s = scripted([
      json(202, envelope('running')),
      json(200, envelope('running')),
      json(200, envelope('complete', { summary: 's' })),
    ]);
    const client = new Outbound({ partnerKey: 'ptk', baseUrl: 'https://x.test', fetch: s.fetch });
    const done = client.research.submitAndWait(body);
    await vi.advanceTimersByTimeAsync(30_000);
    const result = await done;
    expect(result.status).toBe('complete');
    expect(new URL(s.seen[1]!.url).pathname).toBe('/api/v1/deep-research/p1');
    vi.useRealTimers();
  });

  it('rejects a failed person with a typed error that carries the person', async () => {
    const s = scripted([json(202, envelope('running')), json(200, envelope('failed'))]);
    const client = new Outbound({ partnerKey: 'ptk', baseUrl: 'https://x.test', fetch: s.fetch });
    const e = await client.research.submitAndWait(body, { interval: 1 }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ResearchFailedError);
    expect((e as ResearchFailedError).person).toMatchObject({ id: 'p1' });
  });
});

describe('extconn.waitForNewAccount, against the mock', () => {
  let mock: NodeOutboundMock;
  beforeAll(async () => {
    mock = await startMock();
  });
  afterAll(() => mock.close());

  it('polls until a new connected account appears and answers it', async () => {
    const { client } = clientFor(mock);
    const { url } = await client.extconn.connect();
    const seen: number[] = [];
    const waiting = client.extconn.waitForNewAccount({ interval: 20, onProgress: (p) => seen.push(p.accounts) });
    await new Promise((r) => setTimeout(r, 60));
    await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ first_name: 'Lin', last_name: 'Ng', profile_slug: 'lin-ng' }),
    });
    const account = await waiting;
    expect(account).toMatchObject({ display_name: 'Lin Ng', status: 'connected' });
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(seen.at(-1)).toBe(seen[0]! + 1);
  });

  it('defaults to the spec cadence of 15 seconds', async () => {
    const { defaults } = await import('../src/index.js');
    expect(defaults.accountPollInterval).toBe(15_000);
    expect(defaults.pollInterval).toBe(30_000);
  });
});

describe('polling helpers against the mock', () => {
  let mock: NodeOutboundMock;
  beforeAll(async () => {
    mock = await startMock();
  });
  afterAll(() => mock.close());

  it('research.submitAndWait returns the complete report; a failed run rejects with the person', async () => {
    const { client } = clientFor(mock);
    const done = await client.research.submitAndWait(
      { first_name: 'Grace', last_name: 'Hopper', linkedin_url: 'linkedin.com/in/grace-hopper' },
      { interval: 10 },
    );
    expect(done.status).toBe('complete');
    expect(done.report?.icp_score).toEqual(expect.any(Number));
    const cached = await client.research.submitAndWait({
      first_name: 'Grace',
      last_name: 'Hopper',
      linkedin_url: 'linkedin.com/in/grace-hopper',
    });
    expect(cached.person.id).toBe(done.person.id);
    mock.scenarios.providerFailure('research');
    const e = await client.research
      .submitAndWait(
        { first_name: 'Alan', last_name: 'Turing', linkedin_url: 'linkedin.com/in/alan-turing' },
        { interval: 10 },
      )
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ResearchFailedError);
    expect((e as ResearchFailedError).person).toMatchObject({ first_name: 'Alan', status: 'failed' });
  });

  it('campaigns.launchAndWait reaches active with progress', async () => {
    const { client } = clientFor(mock);
    const { campaign } = await client.campaigns.create({ name: 'SDK', type: 'email' });
    await client.campaigns.sequence.nodes.add(campaign.id, { type: 'email', subject: 'Hi', body: 'Hello' });
    await client.campaigns.sequence.nodes.add(campaign.id, { type: 'delay', delay_days: 2 });
    await client.campaigns.leads.add(campaign.id, { leads: [{ email: 'ada@example.com' }] });
    const seen: string[] = [];
    const active = await client.campaigns.launchAndWait(campaign.id, {
      interval: 10,
      onProgress: (p) => seen.push(p.status),
    });
    expect(active.status).toBe('active');
    expect(seen.at(-1)).toBe('active');
  });
});
