// A page that uses the SDK against the browser mock: create a draft, add a step and a recipient,
// launch, and show the campaign once it is active. Built by the mock's browser test with esbuild.
import { setupOutboundMock } from '@outbound/mock/browser';
import { Outbound } from '@outbound/sdk';

const out = document.getElementById('out') as HTMLOutputElement;
const show = (status: string, text = status) => {
  out.dataset.status = status;
  out.textContent = text;
};

try {
  const mock = await setupOutboundMock({ wasmUrl: '/sql-wasm.wasm', serviceWorkerUrl: '/mockServiceWorker.js' });
  const { apiKey, baseUrl } = mock.credentials;
  const client = new Outbound({ apiKey, baseUrl });
  const { campaign } = await client.campaigns.create({ name: 'Browser launch', type: 'email' });
  await client.campaigns.sequence.nodes.add(campaign.id, {
    type: 'email',
    subject: 'Hi {{first_name}}',
    body: 'Hello from the browser',
  });
  await client.campaigns.sequence.nodes.add(campaign.id, { type: 'delay', delay_days: 2 });
  await client.campaigns.leads.add(campaign.id, { leads: [{ email: 'ada@example.com', first_name: 'Ada' }] });
  const active = await client.campaigns.launchAndWait(campaign.id, { interval: 50, onProgress: (p) => show(p.status) });
  show(active.status, `${active.name}: ${active.status} (${active.stats.sent} sent)`);
} catch (error) {
  show('error', String(error));
}
