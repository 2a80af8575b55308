import {
  campaignWithNodes,
  createCampaign,
  listCampaigns,
  ownedCampaign,
  updateCampaign,
} from '../domain/campaigns.js';
import { launchCampaign, pauseCampaign, resumeCampaign } from '../domain/launch.js';
import { addLeads, listLeads } from '../domain/leads.js';
import { addNode, deleteNode, moveNode, updateNode } from '../domain/sequence.js';
import { defineHandlers, ok } from '../http/handler.js';
import { user } from './guards.js';

export const campaignHandlers = defineHandlers({
  createCampaign: ({ ctx, principal, body }) => ok(createCampaign(ctx, user(principal).userId, body), 201),
  listCampaigns: ({ ctx, principal, query }) => ok(listCampaigns(ctx, user(principal).userId, query)),
  getCampaign: ({ ctx, principal, params }) =>
    ok(campaignWithNodes(ctx.db, ownedCampaign(ctx.db, user(principal).userId, params.id))),
  updateCampaign: ({ ctx, principal, params, body }) =>
    ok(updateCampaign(ctx, user(principal).userId, params.id, body)),
  launchCampaign: async ({ ctx, principal, params }) =>
    ok(await launchCampaign(ctx, user(principal).userId, params.id)),
  pauseCampaign: ({ ctx, principal, params }) => ok(pauseCampaign(ctx, user(principal).userId, params.id)),
  resumeCampaign: ({ ctx, principal, params }) => ok(resumeCampaign(ctx, user(principal).userId, params.id)),
  listCampaignLeads: ({ ctx, principal, params, query }) =>
    ok(listLeads(ctx, user(principal).userId, params.id, query)),
  addCampaignLeads: ({ ctx, principal, params, body }) =>
    ok(addLeads(ctx, user(principal).userId, params.id, body.leads)),
  addSequenceNode: ({ ctx, principal, params, body }) => ok(addNode(ctx, user(principal).userId, params.id, body), 201),
  updateSequenceNode: ({ ctx, principal, params, body }) =>
    ok(updateNode(ctx, user(principal).userId, params.id, params.nodeId, body)),
  deleteSequenceNode: ({ ctx, principal, params }) =>
    ok(deleteNode(ctx, user(principal).userId, params.id, params.nodeId)),
  moveSequenceNode: ({ ctx, principal, params, body }) =>
    ok(moveNode(ctx, user(principal).userId, params.id, params.nodeId, body.position)),
});
