// Deep research (partner API): body rules, the behaviour table, one pipeline, events in the outbox.
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { events, jobs, partners } from '../src/db/schema.js';
import { SimulatedResearch } from '../src/providers/research.js';
import { call, expectStructured, type TestWorld, world } from './helpers.js';

let w: TestWorld;
let research: SimulatedResearch;
let runs = 0;
beforeEach(async () => {
  research = new SimulatedResearch();
  runs = 0;
  const counted = {
    research: async (s: Parameters<SimulatedResearch['research']>[0]) => {
      runs++;
      return research.research(s);
    },
  };
  w = await world({ providers: { research: counted }, config: { rateLimit: false } });
});
afterEach(() => w.close());

const body = { first_name: 'Ada', last_name: 'Lovelace', linkedin_url: 'https://www.linkedin.com/in/ada-lovelace' };
const submit = (b: unknown = body, key = w.demo.partnerKey) =>
  call(w.app, 'POST', '/api/v1/research', { key, body: b });
const get = (id: string, key = w.demo.partnerKey) => call(w.app, 'GET', `/api/v1/deep-research/${id}`, { key });
const finish = async () => {
  w.clock.advance(w.app.ctx.config.researchDurationMs);
  await w.app.runner.runDue();
};
const outbox = (type: string) =>
  w.app.ctx.db
    .select()
    .from(events)
    .where(eq(events.type, type as never))
    .all();

describe('POST /api/v1/research', () => {
  it('400 for a missing field, a name over 100 characters, or a URL without linkedin.com/in/', async () => {
    for (const bad of [
      { first_name: 'Ada', last_name: 'Lovelace' },
      { ...body, first_name: 'x'.repeat(101) },
      { ...body, last_name: 'x'.repeat(101) },
      { ...body, linkedin_url: 'https://www.linkedin.com/company/acme' },
    ]) {
      const res = await submit(bad);
      expect(res.status).toBe(400);
      expectStructured(res, 'invalid_request');
    }
    expect((await submit({ ...body, first_name: 'x'.repeat(100) })).status).toBe(202);
  });

  it('new: inserted and triggered, 202 running; running: 200 with report null and no second pipeline', async () => {
    const first = await submit();
    expect(first.status).toBe(202);
    expect(first.json).toMatchObject({
      status: 'running',
      report: null,
      change_summary: null,
      person: { linkedin_url: body.linkedin_url },
    });
    const again = await submit({ ...body, linkedin_url: 'http://uk.linkedin.com/in/Ada-Lovelace/?trk=x' });
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ status: 'running', report: null, person: { id: first.json.person.id } });
    await finish();
    expect(runs).toBe(1);
  });

  it('complete: 200 with the cached report inline, no pipeline run', async () => {
    const first = await submit();
    await finish();
    const res = await submit();
    expect(res.status).toBe(200);
    expect(res.json.status).toBe('complete');
    expect(res.json.report).toMatchObject({
      summary: expect.stringContaining('Ada Lovelace'),
      icp_score: expect.any(Number),
    });
    expect(res.json.change_summary).toBeNull();
    expect(res.json.person).toMatchObject({
      id: first.json.person.id,
      status: 'complete',
      company: expect.any(String),
    });
    await finish();
    expect(runs).toBe(1);
  });

  it('failed: flipped to running and re-triggered, 202; the failure is an event with its data', async () => {
    research.failNext = 1;
    const first = await submit();
    await finish();
    expect((await get(first.json.person.id)).json.status).toBe('failed');
    const failed = outbox('research.failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]?.payload).toMatchObject({
      type: 'research.failed',
      data: { id: first.json.person.id, first_name: 'Ada', last_name: 'Lovelace', error: { code: 'provider_error' } },
    });
    const retry = await submit();
    expect(retry.status).toBe(202);
    expect(retry.json.status).toBe('running');
    await finish();
    expect((await get(first.json.person.id)).json.status).toBe('complete');
    expect(runs).toBe(2);
  });

  it('fifty concurrent submits of the same person start exactly one pipeline', async () => {
    const results = await Promise.all(Array.from({ length: 50 }, () => submit()));
    expect(results.filter((r) => r.status === 202)).toHaveLength(1);
    expect(results.filter((r) => r.status === 200)).toHaveLength(49);
    expect(new Set(results.map((r) => r.json.person.id)).size).toBe(1);
    expect(w.app.ctx.db.select().from(jobs).where(eq(jobs.type, 'research.run')).all()).toHaveLength(1);
    await finish();
    expect(runs).toBe(1);
  });

  it('fifty concurrent resubmits of a failed person re-trigger exactly once', async () => {
    research.failNext = 1;
    await submit();
    await finish();
    const results = await Promise.all(Array.from({ length: 50 }, () => submit()));
    expect(results.filter((r) => r.status === 202)).toHaveLength(1);
    await finish();
    expect(runs).toBe(2);
  });

  it('the duplicate key is per partner', async () => {
    const other = await submit(body, w.other.partnerKey);
    const mine = await submit();
    expect(other.status).toBe(202);
    expect(mine.status).toBe(202);
    expect(other.json.person.id).not.toBe(mine.json.person.id);
    expect((await get(mine.json.person.id, w.other.partnerKey)).status).toBe(404);
  });

  it('research.complete carries exactly the spec fields, report_url under the base address', async () => {
    const first = await submit();
    await finish();
    const [event] = outbox('research.complete');
    expect(event?.payload).toEqual({
      type: 'research.complete',
      timestamp: expect.stringMatching(/Z$/),
      data: {
        id: first.json.person.id,
        first_name: 'Ada',
        last_name: 'Lovelace',
        company: expect.any(String),
        icp_score: expect.any(Number),
        report_url: `https://api.outbound.test/api/v1/deep-research/${first.json.person.id}`,
      },
    });
  });

  it('a profile that cannot be found fails with profile_not_found', async () => {
    await submit({ ...body, linkedin_url: 'linkedin.com/in/not-found-person' });
    await finish();
    expect(outbox('research.failed')[0]?.payload).toMatchObject({ data: { error: { code: 'profile_not_found' } } });
  });

  it('a later version carries a change summary; the first has none', async () => {
    const first = await submit();
    await finish();
    expect((await get(first.json.person.id)).json.change_summary).toBeNull();
    w.clock.advance(w.app.ctx.config.researchRefreshMs);
    await w.app.runner.runDue();
    await finish();
    const later = await get(first.json.person.id);
    expect(later.json.status).toBe('complete');
    expect(later.json.change_summary).toMatch(/icp_score/);
  });

  it('402 when the partner has no credits for a new run', async () => {
    w.app.ctx.db.update(partners).set({ creditBalance: 0 }).run();
    const res = await submit();
    expect(res.status).toBe(402);
    expect(res.json.error.reason).toBe('insufficient_credits');
  });
});
