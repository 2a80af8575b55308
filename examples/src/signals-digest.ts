// A digest of buying-intent signals: companies and people by score, with their top signals.
import { info, run, step } from './env.js';

await run(async ({ client }) => {
  step('Reading the last 30 days, grouped by company or person');
  const feed = await client.signals.list({ view: 'entities', days: 30 });
  if (feed.view !== 'entities') throw new Error('expected the entities view');
  info(`${feed.entity_count} entities between ${feed.window_start} and ${feed.window_end}`);

  step('Top five by average score');
  const top = [...feed.entities].sort((a, b) => b.avg_score - a.avg_score).slice(0, 5);
  for (const e of top) {
    info(`${e.name} (${e.type}) · avg ${e.avg_score.toFixed(0)} · ${e.signal_count} signals`);
    const best = e.top_signals[0];
    if (best) info(`    ${best.score.toFixed(0)} ${best.signal_type_label}: ${best.headline}`);
  }
});
