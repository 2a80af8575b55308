// Scheduled social posts: the six rules of POST /api/calendar/posts, update, list, sync, media, archive.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SimulatedScheduler } from '../src/providers/scheduler.js';
import { call, START, type TestWorld, world } from './helpers.js';

let w: TestWorld;
beforeEach(async () => {
  w = await world();
});
afterEach(() => w.close());

const api = (method: string, path: string, body?: unknown) => call(w.app, method, path, { key: w.demo.apiKey, body });
const scheduler = () => w.app.ctx.providers.scheduler as SimulatedScheduler;
const at = (ms: number) => new Date(START + ms).toISOString().replace('.000Z', 'Z');

describe('POST /api/calendar/posts', () => {
  it('rule 1: scheduled needs a future scheduled_at, with a one-minute grace', async () => {
    const base = { content: 'Hello', account_ids: [w.demo.socialnetAccountId], status: 'scheduled' };
    expect((await api('POST', '/api/calendar/posts', base)).status).toBe(400);
    expect((await api('POST', '/api/calendar/posts', { ...base, scheduled_at: at(-61_000) })).status).toBe(400);
    expect((await api('POST', '/api/calendar/posts', { ...base, scheduled_at: at(-60_000) })).status).toBe(201);
    const ok = await api('POST', '/api/calendar/posts', { ...base, scheduled_at: at(3_600_000) });
    expect(ok.json.post.status).toBe('scheduled');
    expect(Date.parse(ok.json.post.scheduled_at)).toBe(START + 3_600_000);
  });

  it('rule 2: a target is needed; the social-network channel falls back to the first social-network account', async () => {
    const none = await api('POST', '/api/calendar/posts', { content: 'Hello' });
    expect(none.status).toBe(400);
    expect(none.json.error.field).toBe('account_ids');
    const viaChannel = await api('POST', '/api/calendar/posts', { content: 'Hello', channels: ['socialnet'] });
    expect(viaChannel.status).toBe(201);
    expect(viaChannel.json.post.account_ids).toEqual([w.demo.socialnetAccountId]);
    const foreign = await api('POST', '/api/calendar/posts', {
      content: 'Hello',
      account_ids: [w.other.socialnetAccountId],
    });
    expect(foreign.status).toBe(400);
  });

  it('rule 3: a post for a social-network account is mirrored, hashtags appended for the hand-off', async () => {
    const res = await api('POST', '/api/calendar/posts', {
      content: 'We are hiring',
      hashtags: ['sales', 'jobs'],
      account_ids: [w.demo.socialnetAccountId],
    });
    expect(res.json.post.provider_post_id).toMatch(/^sched_/);
    expect(res.json.post.content).toBe('We are hiring');
    expect(scheduler().posts.get(res.json.post.provider_post_id)?.text).toBe('We are hiring\n\n#sales #jobs');
    const emailOnly = await api('POST', '/api/calendar/posts', {
      content: 'Newsletter',
      account_ids: [w.demo.emailAccountId],
    });
    expect(emailOnly.json.post.provider_post_id).toBeNull();
  });

  it('rule 4: a rejected mirror still saves the post; the same body on update retries it', async () => {
    scheduler().rejectNext = 1;
    const body = { content: 'Retry me', account_ids: [w.demo.socialnetAccountId] };
    const res = await api('POST', '/api/calendar/posts', body);
    expect(res.status).toBe(201);
    expect(res.json.post.provider_post_id).toBeNull();
    const retried = await api('PATCH', `/api/calendar/posts/${res.json.post.id}`, body);
    expect(retried.status).toBe(200);
    expect(retried.json.post.provider_post_id).toMatch(/^sched_/);
  });

  it('rule 5: posted imports an already-published post, without a mirror', async () => {
    const res = await api('POST', '/api/calendar/posts', {
      content: 'Old news',
      account_ids: [w.demo.socialnetAccountId],
      status: 'posted',
    });
    expect(res.json.post).toMatchObject({ status: 'posted', provider_post_id: null });
    expect(res.json.post.posted_at).not.toBeNull();
  });

  it('rule 6: one media type per social-network post', async () => {
    const media = [
      { url: 'https://cdn.example.com/a.png', type: 'image' },
      { url: 'https://cdn.example.com/b.mp4', type: 'video' },
    ];
    const res = await api('POST', '/api/calendar/posts', {
      content: 'Mixed',
      account_ids: [w.demo.socialnetAccountId],
      media_items: media,
    });
    expect(res.status).toBe(400);
    expect(res.json.error.field).toBe('media_items');
    const same = await api('POST', '/api/calendar/posts', {
      content: 'Two images',
      account_ids: [w.demo.socialnetAccountId],
      media_items: [media[0], media[0]],
    });
    expect(same.status).toBe(201);
  });

  it('hashtags with # and non-UTC times are refused', async () => {
    expect(
      (await api('POST', '/api/calendar/posts', { content: 'x', channels: ['socialnet'], hashtags: ['#x'] })).status,
    ).toBe(400);
    expect(
      (
        await api('POST', '/api/calendar/posts', {
          content: 'x',
          channels: ['socialnet'],
          scheduled_at: '2027-01-01T10:00:00+01:00',
        })
      ).status,
    ).toBe(400);
  });
});

describe('post lifecycle', () => {
  it('the job runner publishes a scheduled post at its time', async () => {
    const res = await api('POST', '/api/calendar/posts', {
      content: 'Soon',
      channels: ['socialnet'],
      status: 'scheduled',
      scheduled_at: at(3_600_000),
    });
    await w.app.runner.runDue();
    expect((await api('GET', `/api/calendar/posts?status=scheduled`)).json.total).toBe(1);
    w.clock.advance(3_600_000);
    await w.app.runner.runDue();
    const posted = await api('GET', '/api/calendar/posts?status=posted');
    expect(posted.json.posts.map((p: { id: string }) => p.id)).toEqual([res.json.post.id]);
  });

  it('lists by date range and status, without archived posts unless asked', async () => {
    const a = await api('POST', '/api/calendar/posts', {
      content: 'A',
      channels: ['socialnet'],
      status: 'scheduled',
      scheduled_at: at(86_400_000),
    });
    await api('POST', '/api/calendar/posts', {
      content: 'B',
      channels: ['socialnet'],
      status: 'scheduled',
      scheduled_at: at(3 * 86_400_000),
    });
    const range = await api('GET', `/api/calendar/posts?from=${at(0)}&to=${at(2 * 86_400_000)}`);
    expect(range.json.posts.map((p: { content: string }) => p.content)).toEqual(['A']);
    await api('POST', `/api/calendar/posts/${a.json.post.id}/archive`);
    expect((await api('GET', '/api/calendar/posts')).json.total).toBe(1);
    expect((await api('GET', '/api/calendar/posts?include_archived=true')).json.total).toBe(2);
    const edit = await api('PATCH', `/api/calendar/posts/${a.json.post.id}`, { content: 'Changed' });
    expect(edit.status).toBe(409);
  });

  it('sync moves a mirrored post to posted once the provider published it', async () => {
    const res = await api('POST', '/api/calendar/posts', {
      content: 'Sync me',
      channels: ['socialnet'],
      status: 'scheduled',
      scheduled_at: at(600_000),
    });
    const early = await api('POST', `/api/calendar/posts/${res.json.post.id}/sync`);
    expect(early.json.post.status).toBe('scheduled');
    w.clock.advance(600_000);
    const late = await api('POST', `/api/calendar/posts/${res.json.post.id}/sync`);
    expect(late.json.post.status).toBe('posted');
  });
});

describe('media upload', () => {
  const upload = (bytes: Uint8Array, name = 'file.bin', type = 'application/octet-stream') => {
    const form = new FormData();
    form.append('file', new Blob([bytes as BlobPart], { type }), name);
    return w.app.request('/api/calendar/media', {
      method: 'POST',
      headers: { authorization: `Bearer ${w.demo.apiKey}` },
      body: form,
    });
  };
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

  it('detects the type from the content and answers a URL that serves the file', async () => {
    const res = await upload(png, 'photo.pdf', 'application/pdf');
    expect(res.status).toBe(201);
    const body = (await res.json()) as { url: string; type: string };
    expect(body.type).toBe('image');
    const served = await w.app.request(new URL(body.url).pathname);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(png);
  });

  it('refuses unknown content and files over the size limit', async () => {
    expect((await upload(new TextEncoder().encode('just text'))).status).toBe(400);
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(png);
    expect((await upload(big)).status).toBe(413);
  });
});
