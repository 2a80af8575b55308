import type { OperationBody, OperationResponse } from '@outbound/schema';
import type { OutboundCore } from './core.js';
import { defaults } from './defaults.js';
import { CampaignLaunchFailedError, ResearchFailedError } from './errors.js';
import { type PollOptions, poll } from './polling.js';

export type Campaign = OperationResponse<'getCampaign'>['campaign'];
export type CampaignStatus = Campaign['status'];
export type ResearchEnvelope = OperationResponse<'getResearch'>;
export type SenderAccount = OperationResponse<'listExtconnAccounts'>['accounts'][number];
export type WaitOptions<P> = PollOptions<P>;

export interface CampaignProgress {
  status: CampaignStatus;
  elapsedMs: number;
  campaign: Campaign;
}
export interface ResearchProgress {
  status: ResearchEnvelope['status'];
  elapsedMs: number;
  envelope: ResearchEnvelope;
}
export interface AccountProgress {
  elapsedMs: number;
  accounts: number;
}

const campaignProgress = (c: OperationResponse<'getCampaign'>, elapsedMs: number): CampaignProgress => ({
  status: c.campaign.status,
  elapsedMs,
  campaign: c.campaign,
});

export async function launchAndWait(
  client: OutboundCore,
  id: string,
  options: WaitOptions<CampaignProgress> = {},
): Promise<Campaign> {
  await client.request('launchCampaign', { params: { id }, options: { signal: options.signal } });
  return poll(
    () =>
      client.request<OperationResponse<'getCampaign'>>('getCampaign', {
        params: { id },
        options: { signal: options.signal },
      }),
    (c) => {
      if (c.campaign.status === 'draft') return { fail: new CampaignLaunchFailedError(c.campaign) };
      return c.campaign.status === 'launching' ? {} : { done: c.campaign };
    },
    campaignProgress,
    { ...options, interval: options.interval ?? defaults.pollInterval },
  );
}

export function waitUntil(
  client: OutboundCore,
  id: string,
  status: CampaignStatus,
  options: WaitOptions<CampaignProgress> = {},
): Promise<Campaign> {
  return poll(
    () =>
      client.request<OperationResponse<'getCampaign'>>('getCampaign', {
        params: { id },
        options: { signal: options.signal },
      }),
    (c) => (c.campaign.status === status ? { done: c.campaign } : {}),
    campaignProgress,
    { ...options, interval: options.interval ?? defaults.pollInterval },
  );
}

export async function submitAndWait(
  client: OutboundCore,
  body: OperationBody<'submitResearch'>,
  options: WaitOptions<ResearchProgress> = {},
): Promise<ResearchEnvelope> {
  const first = await client.request<ResearchEnvelope>('submitResearch', { body, options: { signal: options.signal } });
  if (first.status === 'complete') {
    options.onProgress?.({ status: first.status, elapsedMs: 0, envelope: first });
    return first;
  }
  return poll(
    () =>
      client.request<ResearchEnvelope>('getResearch', {
        params: { id: first.person.id },
        options: { signal: options.signal },
      }),
    (e) => {
      if (e.status === 'failed') return { fail: new ResearchFailedError(e.person) };
      return e.status === 'complete' ? { done: e } : {};
    },
    (e, elapsedMs) => ({ status: e.status, elapsedMs, envelope: e }),
    { ...options, interval: options.interval ?? defaults.pollInterval },
  );
}

export async function waitForNewAccount(
  client: OutboundCore,
  options: WaitOptions<AccountProgress> = {},
): Promise<SenderAccount> {
  type List = OperationResponse<'listExtconnAccounts'>;
  const read = () => client.request<List>('listExtconnAccounts', { options: { signal: options.signal } });
  const known = new Set((await read()).accounts.filter((a) => a.status === 'connected').map((a) => a.id));
  return poll(
    read,
    (list) => {
      const found = list.accounts.find((a) => a.status === 'connected' && !known.has(a.id));
      return found ? { done: found } : {};
    },
    (list, elapsedMs) => ({ elapsedMs, accounts: list.accounts.length }),
    { ...options, interval: options.interval ?? defaults.accountPollInterval },
  );
}
