import { createPortalLink } from '../domain/portal.js';
import { getResearch, submitResearch } from '../domain/research.js';
import { defineHandlers, ok } from '../http/handler.js';
import { partner } from './guards.js';

export const researchHandlers = defineHandlers({
  submitResearch: async ({ ctx, principal, body }) => {
    const r = await submitResearch(ctx, partner(principal).partnerId, body);
    return ok(r.body, r.status);
  },
  getResearch: ({ ctx, principal, params }) => ok(getResearch(ctx, partner(principal).partnerId, params.id)),
  getPartnerPortal: async ({ ctx, principal }) => ok(await createPortalLink(ctx, partner(principal).partnerId)),
});
