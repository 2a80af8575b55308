// Preview what a credit-gated action costs before calling it.
import { info, run, step } from './env.js';

await run(async ({ client }) => {
  step('Price table');
  const config = await client.credits.config();
  info(`${config.prices.length} billable actions at $${config.dollars_per_credit} per credit`);

  step('Previewing 250 email lookups and one deep research');
  for (const [action, count] of [
    ['EMAIL_LOOKUP', 250],
    ['DEEP_RESEARCH', 1],
  ] as const) {
    const p = await client.credits.preview({ action, count });
    info(`${count} × ${action}: ${p.totalCredits} credits (about $${p.totalDollars.toFixed(2)})`);
  }

  step('Running the research only because the preview said what it costs');
  const r = await client.research.submit({
    first_name: 'Grace',
    last_name: 'Hopper',
    linkedin_url: 'https://www.linkedin.com/in/grace-hopper-example',
  });
  info(`research ${r.person.id}: ${r.status}`);
});
