import { creditsConfig, previewCredits } from '../domain/credits.js';
import { createList, getColumnPreferences, putColumnPreference, updateListColumn } from '../domain/lists.js';
import { completeOnboarding, putOnboardingContext } from '../domain/onboarding.js';
import { dismissSignal, getScanTime, readSignals, setScanTime, signalFeedback } from '../domain/signals.js';
import { createWorkflow, listWorkflowNodes } from '../domain/workflows.js';
import { defineHandlers, ok } from '../http/handler.js';
import { user } from './guards.js';

export const miscHandlers = defineHandlers({
  getCreditsConfig: () => ok(creditsConfig()),
  previewCredits: async ({ ctx, principal, body }) =>
    ok(await previewCredits(ctx, { userId: user(principal).userId }, body.action, body.count)),

  createList: ({ ctx, principal, body }) => ok(createList(ctx, user(principal).userId, body), 201),
  getColumnPreferences: ({ ctx, principal, params }) =>
    ok(getColumnPreferences(ctx, user(principal).userId, params.id)),
  putColumnPreference: ({ ctx, principal, params, body }) =>
    ok(putColumnPreference(ctx, user(principal).userId, params.id, body)),
  updateListColumn: ({ ctx, principal, params, body }) =>
    ok(updateListColumn(ctx, user(principal).userId, params.id, params.colId, body)),

  createWorkflow: ({ ctx, principal, body }) => ok(createWorkflow(ctx, user(principal).userId, body), 201),
  listWorkflowNodes: ({ ctx, principal, params }) => ok(listWorkflowNodes(ctx, user(principal).userId, params.id)),

  putOnboardingContext: ({ ctx, principal, body }) => ok(putOnboardingContext(ctx, user(principal).userId, body)),
  completeOnboarding: async ({ ctx, principal }) => ok(await completeOnboarding(ctx, user(principal).userId)),

  listSignals: ({ ctx, principal, query }) => ok(readSignals(ctx, user(principal).userId, query)),
  signalFeedback: ({ ctx, principal, params, body }) =>
    ok(signalFeedback(ctx, user(principal).userId, params.id, body.rating)),
  dismissSignal: ({ ctx, principal, params }) => ok(dismissSignal(ctx, user(principal).userId, params.id)),
  getScanTime: ({ ctx, principal }) => ok(getScanTime(ctx, user(principal).userId)),
  updateScanTime: ({ ctx, principal, body }) => ok(setScanTime(ctx, user(principal).userId, body)),
});
