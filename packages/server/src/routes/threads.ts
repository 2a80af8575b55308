import { createThread, getThread, listThreads, sendMessage } from '../domain/threads.js';
import { defineHandlers, ok } from '../http/handler.js';
import { user } from './guards.js';

export const threadHandlers = defineHandlers({
  createThread: ({ ctx, principal, body }) => ok(createThread(ctx, user(principal).userId, body), 201),
  listThreads: ({ ctx, principal, query }) => ok(listThreads(ctx, user(principal).userId, query)),
  getThread: ({ ctx, principal, params }) => ok(getThread(ctx, user(principal).userId, params.id)),
  sendThreadMessage: async ({ ctx, principal, params, body }) =>
    ok(await sendMessage(ctx, user(principal), params.id, body), 201),
});
