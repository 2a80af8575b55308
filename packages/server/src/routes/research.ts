import { getResearch, submitResearch } from '../domain/research.js';
import { defineHandlers, ok } from '../http/handler.js';
import { partner } from './guards.js';

export const researchHandlers = defineHandlers({
  submitResearch: async ({ ctx, principal, body }) => {
    const r = await submitResearch(ctx, partner(principal).partnerId, body);
    return ok(r.body, r.status);
  },
  getResearch: ({ ctx, principal, params }) => ok(getResearch(ctx, partner(principal).partnerId, params.id)),
});
