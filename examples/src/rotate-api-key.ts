// Rotate the API key the way the spec says: pause callers, revoke the key, generate a new key,
// deploy it, resume. Key management uses a dashboard session (cookie), never the key itself.
import { AuthenticationError, Outbound } from '@outbound/sdk';
import { info, run, step } from './env.js';

await run(async ({ client, baseUrl, dashboard }) => {
  step('1. Pause the callers that use the key (your deployment does this)');

  step('2. Sign in to the dashboard and revoke the active key');
  await client.session.create({ email: dashboard.email, password: dashboard.password });
  const current = await client.apiKeys.retrieve();
  info(current.api_key ? `active key ends in …${current.api_key.last4}` : 'no active key');
  await client.apiKeys.revoke();

  step('3. Generate the new key (shown only once)');
  const { key } = await client.apiKeys.create();
  info(`new key: ${key}`);

  step('4. Deploy it: a client with the new key works, the old one gets 401');
  const fresh = new Outbound({ apiKey: key, baseUrl });
  const { account } = await fresh.account.retrieve();
  info(`the new key reads account ${account.email}`);
  try {
    await client.account.retrieve();
    throw new Error('the old key still works');
  } catch (error) {
    if (!(error instanceof AuthenticationError)) throw error;
    info('the old key is refused (401)');
  }

  step('5. Resume the callers with the new key');
  await client.session.delete();
});
