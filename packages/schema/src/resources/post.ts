import { z } from 'zod';
import { Channel, HttpUrl, nonEmpty, PageInfo, PageQuery, Timestamp, text, Uuid } from '../common.js';
import { LIMITS } from '../limits.js';

export const PostStatus = z.enum(['draft', 'scheduled', 'posted']).meta({ id: 'PostStatus' });
export type PostStatus = z.infer<typeof PostStatus>;

export const MediaType = z.enum(['image', 'video', 'document', 'gif']).meta({ id: 'MediaType' });
export const MediaItem = z.object({ url: HttpUrl, type: MediaType }).meta({ id: 'MediaItem' });

/** A hashtag, written without the leading `#`. */
export const Hashtag = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[^#\s]\S*$/, 'hashtags are written without the leading # and without spaces');

export const SocialPost = z
  .object({
    id: Uuid,
    calendar_id: Uuid,
    title: text(300).nullable(),
    content: text(3000),
    hashtags: z.array(Hashtag).max(30),
    channels: z.array(Channel).max(2),
    scheduled_at: Timestamp.nullable(),
    account_ids: z.array(Uuid).max(20),
    status: PostStatus,
    provider_post_id: text(200).nullable(),
    media_items: z.array(MediaItem).max(20),
    archived_at: Timestamp.nullable(),
    posted_at: Timestamp.nullable(),
    account_profile_picture: HttpUrl.nullable(),
    account_display_name: text(200).nullable(),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: 'SocialPost' });
export type SocialPost = z.infer<typeof SocialPost>;

const postFields = {
  content: nonEmpty(3000),
  title: text(300).nullable().optional(),
  hashtags: z.array(Hashtag).max(30).optional(),
  channels: z.array(Channel).max(2).optional().meta({ description: 'Legacy fallback targeting.' }),
  scheduled_at: Timestamp.nullable().optional().meta({ description: 'UTC, ending in Z.' }),
  account_ids: z.array(Uuid).max(20).optional(),
  status: PostStatus.optional(),
  media_items: z.array(MediaItem).max(20).optional(),
};

/** Body of `POST /api/calendar/posts`. */
export const CreatePostBody = z
  .object({ ...postFields, status: PostStatus.default('draft') })
  .meta({ id: 'CreatePostBody' });
export type CreatePostBody = z.input<typeof CreatePostBody>;

/** Body of the post update: any subset; the same body as create retries a rejected mirror. */
export const UpdatePostBody = z
  .object({ ...postFields, content: nonEmpty(3000).optional() })
  .meta({ id: 'UpdatePostBody' });

export const PostEnvelope = z.object({ post: SocialPost }).meta({ id: 'PostEnvelope' });

export const ListPostsQuery = PageQuery.extend({
  from: Timestamp.optional().meta({ description: 'Earliest scheduled_at (inclusive).' }),
  to: Timestamp.optional().meta({ description: 'Latest scheduled_at (exclusive).' }),
  status: PostStatus.optional(),
  include_archived: z.enum(['true', 'false']).default('false'),
});
export const PostList = z
  .object({ posts: z.array(SocialPost).max(LIMITS.pageSize.max), ...PageInfo })
  .meta({ id: 'PostList' });

/** Answer of the media upload. */
export const UploadedMedia = z.object({ url: HttpUrl, type: MediaType }).meta({ id: 'UploadedMedia' });

/** Largest media upload accepted, in bytes. */
export const MEDIA_MAX_BYTES = 10 * 1024 * 1024;

/** Multipart body of the media upload. */
export const UploadMediaBody = z
  .object({
    file: z
      .string()
      .max(MEDIA_MAX_BYTES)
      .meta({ format: 'binary', description: 'The file; its type is detected from its content.' }),
  })
  .meta({ id: 'UploadMediaBody' });

/**
 * Rule 1 of post creation: a `scheduled` post needs a `scheduled_at` in the future, with a
 * one-minute grace window. Answers the problem, or null.
 */
export function scheduleIssue(body: { status?: PostStatus; scheduled_at?: string | null }, now: Date): string | null {
  if (body.status !== 'scheduled') return null;
  if (!body.scheduled_at) return 'scheduled_at is required when status is scheduled';
  if (Date.parse(body.scheduled_at) < now.getTime() - LIMITS.scheduledPostGraceMs) {
    return 'scheduled_at must be in the future';
  }
  return null;
}

/** Rule 6 of post creation: one media type per social-network post. */
export function mediaIssue(items: readonly { type: string }[] | undefined): string | null {
  if (!items || items.length === 0) return null;
  const types = new Set(items.map((m) => m.type));
  return types.size > 1 ? 'a social-network post allows only one media type' : null;
}
