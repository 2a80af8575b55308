// Receive research.complete by webhook: start a local receiver that verifies signatures,
// register it through the portal, submit a person, and wait for the signed event.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhook, type WebhookEvent } from '@outbound/sdk';
import { info, run, step } from './env.js';
import { registerEndpoint } from './portal.js';

await run(async ({ client, wait }) => {
  step('Starting a local receiver');
  let secret = '';
  let arrived: (event: WebhookEvent) => void = () => {};
  const complete = new Promise<WebhookEvent>((resolve) => {
    arrived = resolve;
  });
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      try {
        // Verify before processing: the signature covers the exact bytes received.
        const event = await verifyWebhook(Buffer.concat(chunks).toString('utf8'), req.headers, secret);
        info(`verified ${event.type} (${req.headers['webhook-id']})`);
        res.writeHead(204).end();
        if (event.type === 'research.complete') arrived(event);
      } catch (error) {
        info(`refused a delivery: ${(error as Error).message}`);
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/outbound`;
  info(url);

  try {
    step('Registering it in the webhook portal');
    secret = await registerEndpoint(client, url, ['research.complete', 'research.failed']);
    info(`signing secret ${secret.slice(0, 12)}…`);

    step('Submitting a person for deep research');
    const submitted = await client.research.submit({
      first_name: 'Ada',
      last_name: 'Lovelace',
      linkedin_url: 'https://www.linkedin.com/in/ada-lovelace-example',
    });
    info(`research ${submitted.person.id}: ${submitted.status}`);

    step('Waiting for research.complete');
    let event: WebhookEvent | undefined;
    complete.then((e) => {
      event = e;
    });
    for (let waited = 0; !event; waited += 1_000) {
      if (waited > 60_000) throw new Error('no research.complete within 60 s');
      if (waited > 0) info(`waiting… ${waited / 1000} s`);
      await wait(1_000);
    }
    if (event.type !== 'research.complete') throw new Error(`unexpected ${event.type}`);
    info(
      `${event.data.first_name} ${event.data.last_name} at ${event.data.company}: ICP score ${event.data.icp_score}`,
    );
    info(`report: ${event.data.report_url}`);
  } finally {
    server.close();
  }
});
