// Create a draft email campaign, add a step and recipients, launch it and wait until it is active.
import { info, run, step } from './env.js';

await run(async ({ client }) => {
  step('Creating a draft campaign');
  const { campaign } = await client.campaigns.create({ name: 'Example: Q4 outreach', type: 'email' });
  info(`campaign ${campaign.id} (${campaign.status})`);

  step('Adding an email step');
  await client.campaigns.sequence.nodes.add(campaign.id, {
    type: 'email',
    subject: 'Quick question, {{first_name}}',
    body: 'Hi {{first_name}},\n\nWould a short call next week make sense?',
  });

  step('Adding recipients');
  const added = await client.campaigns.leads.add(campaign.id, {
    leads: [
      { email: 'ada@example.com', first_name: 'Ada' },
      { email: 'grace@example.com', first_name: 'Grace' },
      { email: 'not-an-email', first_name: 'Typo' },
    ],
  });
  info(`added ${added.added}, duplicates ${added.duplicates}, rejected ${added.rejected.length}`);
  for (const r of added.rejected) info(`  row ${r.index}: ${r.error}`);

  step('Launching and waiting for the campaign to be active');
  const active = await client.campaigns.launchAndWait(campaign.id, {
    onProgress: (p) => info(`${p.status} after ${(p.elapsedMs / 1000).toFixed(1)} s`),
  });
  info(`campaign ${active.id} is ${active.status}`);
});
