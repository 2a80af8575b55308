import type { AppContext } from '../context.js';
import { runLaunch } from '../domain/launch.js';
import { publishDue } from '../domain/posts.js';
import { refreshResearch, runResearch } from '../domain/research.js';
import { dispatch } from '../domain/sending.js';

/** Registers the handler of every background job type on the app's runner. */
export function registerJobs(ctx: AppContext): void {
  ctx.runner.register(
    'campaign.launch',
    (payload) => runLaunch(ctx, payload as { campaignId: string; runId: string }),
    {
      maxAttempts: 3,
    },
  );
  ctx.runner.register('campaign.dispatch', (payload) => dispatch(ctx, (payload as { campaignId: string }).campaignId), {
    maxAttempts: 10,
  });
  ctx.runner.register('research.run', (payload) => runResearch(ctx, payload as { personId: string; run: number }), {
    maxAttempts: 5,
  });
  ctx.runner.register('research.refresh', (payload) =>
    refreshResearch(ctx, payload as { personId: string; run: number }),
  );
  ctx.runner.register('post.publish', (payload) => publishDue(ctx, (payload as { postId: string }).postId), {
    maxAttempts: 5,
  });
}
