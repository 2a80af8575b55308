// The webhook portal is a web page a person uses. For a script, this drives the same page with
// plain HTTP: open the portal URL, add an endpoint, reveal its signing secret.
import type { Outbound } from '@outbound/sdk';

const field = (html: string, pattern: RegExp, what: string) => {
  const m = pattern.exec(html);
  if (!m?.[1]) throw new Error(`portal page: no ${what} found`);
  return m[1];
};

/** Registers `url` for `eventTypes` through the portal and answers the endpoint's signing secret. */
export async function registerEndpoint(client: Outbound, url: string, eventTypes: string[]): Promise<string> {
  const { url: portalUrl } = await client.partners.portal();
  const origin = new URL(portalUrl).origin;
  const opened = await fetch(portalUrl, { redirect: 'manual' });
  const cookie = (opened.headers.get('set-cookie') ?? '').split(';')[0];
  if (opened.status !== 303 || !cookie) throw new Error(`portal link did not open (${opened.status})`);
  const home = await (await fetch(`${origin}/portal`, { headers: { cookie } })).text();
  const csrf = field(home, /name="csrf" value="([^"]+)"/, 'form token');
  const post = (path: string, fields: [string, string][]) =>
    fetch(`${origin}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams([['csrf', csrf], ...fields]).toString(),
    });
  const added = await post('/portal/endpoints', [
    ['url', url],
    ...eventTypes.map((t): [string, string] => ['event_types', t]),
  ]);
  const location = added.headers.get('location');
  if (added.status !== 303 || !location) throw new Error(`endpoint refused: ${await added.text()}`);
  const revealed = await (await post(`${location}/secret/reveal`, [])).text();
  return field(revealed, /data-testid="secret">(whsec_[^<]+)</, 'signing secret');
}
