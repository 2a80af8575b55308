import type { AppContext } from '../context.js';

/** Registers the handler of every background job type on the app's runner. */
export function registerJobs(_ctx: AppContext): void {
  // Job types arrive with the areas that need them (launch, sending, research, webhooks, posts).
}
