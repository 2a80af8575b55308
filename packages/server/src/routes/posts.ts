import { archivePost, createPost, listPosts, syncPost, updatePost, uploadMedia } from '../domain/posts.js';
import { defineHandlers, ok } from '../http/handler.js';
import { user } from './guards.js';

export const postHandlers = defineHandlers({
  createPost: async ({ ctx, principal, body }) => ok(await createPost(ctx, user(principal).userId, body), 201),
  listPosts: ({ ctx, principal, query }) => ok(listPosts(ctx, user(principal).userId, query)),
  updatePost: async ({ ctx, principal, params, body }) =>
    ok(await updatePost(ctx, user(principal).userId, params.id, body)),
  syncPost: async ({ ctx, principal, params }) => ok(await syncPost(ctx, user(principal).userId, params.id)),
  archivePost: ({ ctx, principal, params }) => ok(archivePost(ctx, user(principal).userId, params.id)),
  uploadMedia: async ({ ctx, principal, c }) => {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    return ok(await uploadMedia(ctx, user(principal).userId, (form as Record<string, unknown>).file), 201);
  },
});
