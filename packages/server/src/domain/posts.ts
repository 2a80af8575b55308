import { MEDIA_MAX_BYTES, mediaIssue, scheduleIssue } from '@outbound/schema';
import { and, asc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { media, posts, senderAccounts } from '../db/schema.js';
import { uuid } from '../lib/crypto.js';
import { HttpError } from '../lib/http-error.js';
import { offsetOf, pageInfo } from '../lib/page.js';
import { iso, isoOrNull } from '../lib/time.js';

type PostRow = typeof posts.$inferSelect;
type Status = PostRow['status'];

export interface PostInput {
  content?: string;
  title?: string | null;
  hashtags?: string[];
  channels?: ('email' | 'socialnet')[];
  scheduled_at?: string | null;
  account_ids?: string[];
  status?: Status;
  media_items?: { url: string; type: 'image' | 'video' | 'document' | 'gif' }[];
}

function postView(ctx: AppContext, p: PostRow) {
  const first = p.accountIds[0]
    ? ctx.db.select().from(senderAccounts).where(eq(senderAccounts.id, p.accountIds[0])).get()
    : undefined;
  return {
    id: p.id,
    calendar_id: p.userId,
    title: p.title,
    content: p.content,
    hashtags: p.hashtags,
    channels: p.channels as ('email' | 'socialnet')[],
    scheduled_at: isoOrNull(p.scheduledAt),
    account_ids: p.accountIds,
    status: p.status,
    provider_post_id: p.providerPostId,
    media_items: p.mediaItems as never,
    archived_at: isoOrNull(p.archivedAt),
    posted_at: isoOrNull(p.postedAt),
    account_profile_picture: null,
    account_display_name: first?.displayName ?? null,
    created_at: iso(p.createdAt),
    updated_at: iso(p.updatedAt),
  };
}

/** The targets of a post: `account_ids`, or the social-network channel's first account. */
function resolveTargets(ctx: AppContext, userId: string, body: PostInput): string[] {
  const owned = ctx.db
    .select()
    .from(senderAccounts)
    .where(eq(senderAccounts.userId, userId))
    .orderBy(asc(senderAccounts.createdAt))
    .all();
  if (body.account_ids?.length) {
    for (const id of body.account_ids) {
      if (!owned.some((a) => a.id === id))
        throw new HttpError(400, `account_ids: ${id} is not one of your accounts`, { field: 'account_ids' });
    }
    return [...new Set(body.account_ids)];
  }
  if (body.channels?.includes('socialnet')) {
    const first = owned.find((a) => a.type === 'socialnet');
    if (!first)
      throw new HttpError(400, 'channels: you have no social-network account to post with', { field: 'channels' });
    return [first.id];
  }
  throw new HttpError(400, 'A post needs a target: pass account_ids, or channels with the social-network channel', {
    field: 'account_ids',
  });
}

function isSocial(ctx: AppContext, accountIds: string[]): boolean {
  if (accountIds.length === 0) return false;
  return (
    ctx.db
      .select({ id: senderAccounts.id })
      .from(senderAccounts)
      .where(and(inArray(senderAccounts.id, accountIds), eq(senderAccounts.type, 'socialnet')))
      .all().length > 0
  );
}

/** Hands the post to the scheduling provider; a rejection leaves `provider_post_id` null. */
async function mirror(ctx: AppContext, p: PostRow): Promise<string | null> {
  if (p.status === 'posted' || !p.content || !isSocial(ctx, p.accountIds)) return p.providerPostId;
  const tags = p.hashtags.map((h) => `#${h}`).join(' ');
  try {
    return await ctx.providers.scheduler.mirror({
      id: p.id,
      text: tags ? `${p.content}\n\n${tags}` : p.content,
      scheduledAt: p.scheduledAt,
      accountIds: p.accountIds,
      media: p.mediaItems,
    });
  } catch (error) {
    ctx.logger.warn({ err: String(error), postId: p.id }, 'post mirror rejected; saved without provider_post_id');
    return null;
  }
}

function checkRules(ctx: AppContext, body: PostInput & { status: Status }, social: boolean): void {
  const schedule = scheduleIssue(body, new Date(ctx.clock.now()));
  if (schedule) throw new HttpError(400, schedule, { field: 'scheduled_at' });
  if (social) {
    const mediaProblem = mediaIssue(body.media_items);
    if (mediaProblem) throw new HttpError(400, mediaProblem, { field: 'media_items' });
  }
}

function queuePublish(ctx: AppContext, p: PostRow): void {
  if (p.status !== 'scheduled' || p.scheduledAt === null) return;
  ctx.runner.enqueue(ctx.db, {
    type: 'post.publish',
    payload: { postId: p.id },
    runAt: Math.max(p.scheduledAt, ctx.clock.now()),
    idempotencyKey: `publish:${p.id}:${p.scheduledAt}`,
  });
}

export async function createPost(
  ctx: AppContext,
  userId: string,
  body: PostInput & { content: string; status: Status },
) {
  const accountIds = resolveTargets(ctx, userId, body);
  checkRules(ctx, body, isSocial(ctx, accountIds));
  const now = ctx.clock.now();
  const row: PostRow = {
    id: uuid(),
    userId,
    title: body.title ?? null,
    content: body.content,
    hashtags: body.hashtags ?? [],
    channels: body.channels ?? [],
    scheduledAt: body.scheduled_at ? Date.parse(body.scheduled_at) : null,
    accountIds,
    status: body.status,
    providerPostId: null,
    mediaItems: body.media_items ?? [],
    archivedAt: null,
    postedAt: body.status === 'posted' ? now : null,
    createdAt: now,
    updatedAt: now,
  };
  row.providerPostId = await mirror(ctx, row);
  ctx.db.insert(posts).values(row).run();
  queuePublish(ctx, row);
  return { post: postView(ctx, row) };
}

function ownedPost(ctx: AppContext, userId: string, id: string): PostRow {
  const p = ctx.db
    .select()
    .from(posts)
    .where(and(eq(posts.id, id), eq(posts.userId, userId)))
    .get();
  if (!p) throw new HttpError(404, 'Post not found');
  return p;
}

/** Partial update; the same body as the create retries a rejected mirror. */
export async function updatePost(ctx: AppContext, userId: string, id: string, body: PostInput) {
  const current = ownedPost(ctx, userId, id);
  if (current.archivedAt !== null) throw new HttpError(409, 'The post is archived');
  if (current.status === 'posted') throw new HttpError(409, 'The post is already posted');
  const accountIds =
    body.account_ids !== undefined || body.channels !== undefined
      ? resolveTargets(ctx, userId, body)
      : current.accountIds;
  const merged: PostRow = {
    ...current,
    title: body.title !== undefined ? body.title : current.title,
    content: body.content ?? current.content,
    hashtags: body.hashtags ?? current.hashtags,
    channels: body.channels ?? current.channels,
    scheduledAt:
      body.scheduled_at !== undefined
        ? body.scheduled_at
          ? Date.parse(body.scheduled_at)
          : null
        : current.scheduledAt,
    accountIds,
    status: body.status ?? current.status,
    mediaItems: body.media_items ?? current.mediaItems,
    updatedAt: ctx.clock.now(),
  };
  checkRules(
    ctx,
    {
      status: merged.status,
      scheduled_at: merged.scheduledAt === null ? null : iso(merged.scheduledAt),
      media_items: merged.mediaItems as never,
    },
    isSocial(ctx, accountIds),
  );
  if (merged.status === 'posted') merged.postedAt = ctx.clock.now();
  if (merged.providerPostId === null) merged.providerPostId = await mirror(ctx, merged);
  const { id: _id, ...rest } = merged;
  ctx.db.update(posts).set(rest).where(eq(posts.id, id)).run();
  queuePublish(ctx, merged);
  return { post: postView(ctx, merged) };
}

export function listPosts(
  ctx: AppContext,
  userId: string,
  q: { from?: string; to?: string; status?: Status; include_archived: 'true' | 'false'; page: number; limit: number },
) {
  const where = and(
    eq(posts.userId, userId),
    q.status ? eq(posts.status, q.status) : undefined,
    q.from ? gte(posts.scheduledAt, Date.parse(q.from)) : undefined,
    q.to ? lt(posts.scheduledAt, Date.parse(q.to)) : undefined,
    q.include_archived === 'true' ? undefined : isNull(posts.archivedAt),
  );
  const total = ctx.db.select({ n: sql<number>`count(*)` }).from(posts).where(where).get()?.n ?? 0;
  const rows = ctx.db
    .select()
    .from(posts)
    .where(where)
    .orderBy(asc(sql`coalesce(${posts.scheduledAt}, ${posts.createdAt})`), asc(posts.id))
    .limit(q.limit)
    .offset(offsetOf(q))
    .all();
  return {
    posts: rows.map((p) => postView(ctx, p)),
    ...pageInfo(total, q),
  };
}

/** Reads the post's state at the scheduling provider and moves it to `posted` once published there. */
export async function syncPost(ctx: AppContext, userId: string, id: string) {
  const p = ownedPost(ctx, userId, id);
  if (p.providerPostId && p.status !== 'posted') {
    const state = await ctx.providers.scheduler.status(p.providerPostId, ctx.clock.now());
    if (state === 'published') return markPosted(ctx, p);
  }
  return { post: postView(ctx, p) };
}

function markPosted(ctx: AppContext, p: PostRow) {
  const now = ctx.clock.now();
  const row = ctx.db
    .update(posts)
    .set({ status: 'posted', postedAt: now, updatedAt: now })
    .where(and(eq(posts.id, p.id), eq(posts.status, 'scheduled')))
    .returning()
    .get();
  return { post: postView(ctx, row ?? p) };
}

export function archivePost(ctx: AppContext, userId: string, id: string) {
  const p = ownedPost(ctx, userId, id);
  const now = ctx.clock.now();
  const row =
    p.archivedAt === null
      ? ctx.db.update(posts).set({ archivedAt: now, updatedAt: now }).where(eq(posts.id, id)).returning().get()!
      : p;
  return { post: postView(ctx, row) };
}

/** The publish job: a scheduled post whose time has come is posted. */
export function publishDue(ctx: AppContext, postId: string): void {
  const p = ctx.db.select().from(posts).where(eq(posts.id, postId)).get();
  if (p?.status !== 'scheduled' || p.archivedAt !== null || p.scheduledAt === null) return;
  if (p.scheduledAt > ctx.clock.now()) return;
  markPosted(ctx, p);
}

const SIGNATURES: Array<{
  type: 'image' | 'video' | 'document' | 'gif';
  mime: string;
  test: (b: Uint8Array) => boolean;
}> = [
  { type: 'image', mime: 'image/png', test: (b) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 },
  { type: 'image', mime: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'gif', mime: 'image/gif', test: (b) => String.fromCharCode(...b.slice(0, 4)) === 'GIF8' },
  {
    type: 'image',
    mime: 'image/webp',
    test: (b) => String.fromCharCode(...b.slice(0, 4)) === 'RIFF' && String.fromCharCode(...b.slice(8, 12)) === 'WEBP',
  },
  { type: 'video', mime: 'video/mp4', test: (b) => String.fromCharCode(...b.slice(4, 8)) === 'ftyp' },
  { type: 'document', mime: 'application/pdf', test: (b) => String.fromCharCode(...b.slice(0, 5)) === '%PDF-' },
];

/** Stores an upload; its type comes from its content, never from the name or the declared type. */
export async function uploadMedia(ctx: AppContext, userId: string, file: unknown) {
  if (!(file instanceof Blob))
    throw new HttpError(400, 'file: send the file as multipart/form-data field "file"', { field: 'file' });
  if (file.size > MEDIA_MAX_BYTES)
    throw new HttpError(413, `The file is larger than ${MEDIA_MAX_BYTES} bytes`, { reason: 'payload_too_large' });
  if (file.size === 0) throw new HttpError(400, 'file: the file is empty', { field: 'file' });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = SIGNATURES.find((s) => s.test(bytes));
  if (!kind) throw new HttpError(400, 'file: unsupported type (PNG, JPEG, GIF, WebP, MP4 or PDF)', { field: 'file' });
  const id = uuid();
  ctx.db
    .insert(media)
    .values({
      id,
      userId,
      type: kind.type,
      mimeType: kind.mime,
      size: bytes.length,
      bytes: bytes as never,
      createdAt: ctx.clock.now(),
    })
    .run();
  return { url: `${ctx.config.baseUrl.replace(/\/$/, '')}/media/${id}`, type: kind.type };
}

export function readMedia(ctx: AppContext, id: string) {
  return ctx.db.select().from(media).where(eq(media.id, id)).get();
}
