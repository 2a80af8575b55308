// Generated from the operation registry by scripts/generate.ts. Do not edit.
import type { OperationBody, OperationQueryParams, OperationResponse } from '@outbound/schema';
import type { OutboundCore, RequestOptions } from './core.js';
import {
  type AccountProgress,
  type Campaign,
  type CampaignProgress,
  type CampaignStatus,
  launchAndWait,
  type ResearchEnvelope,
  type ResearchProgress,
  type SenderAccount,
  submitAndWait,
  type WaitOptions,
  waitForNewAccount,
  waitUntil,
} from './helpers.js';
import { PagePromise } from './pagination.js';

/** Base of every resource: a handle on the client. */
export class APIResource {
  constructor(protected readonly _client: OutboundCore) {}
}

function formData(file: Blob): FormData {
  const data = new FormData();
  data.append('file', file);
  return data;
}

/** Operations under `client.account`. */
export class AccountResource extends APIResource {

  /**
   * Get the caller's account.
   *
   * `GET /api/account`
   *
   * @example
   * const result = await client.account.retrieve();
   */
  retrieve(options?: RequestOptions): Promise<OperationResponse<'getAccount'>> {
    return this._client.request('getAccount', { options });
  }
}

/** Operations under `client.session`. */
export class SessionResource extends APIResource {

  /**
   * Log in to the dashboard. Starts a dashboard cookie session (HttpOnly, SameSite=Strict, Secure outside loopback). The answer carries the CSRF token that cookie-session writes must send in `x-csrf-token`.
   *
   * `POST /api/session` (extension: not part of the public specification)
   *
   * @example
   * const result = await client.session.create({email: 'ada@example.com', password: '<password>'});
   */
  create(body: OperationBody<'createSession'>, options?: RequestOptions): Promise<OperationResponse<'createSession'>> {
    return this._client.request('createSession', { body, options });
  }

  /**
   * Log out of the dashboard.
   *
   * `DELETE /api/session` (extension: not part of the public specification)
   *
   * @example
   * const result = await client.session.delete();
   */
  delete(options?: RequestOptions): Promise<OperationResponse<'deleteSession'>> {
    return this._client.request('deleteSession', { options });
  }
}

/** Operations under `client.apiKeys`. */
export class ApiKeysResource extends APIResource {

  /**
   * Generate the API key (shown once). An account has at most one active key: while one is active, creating another answers 409.
   *
   * `POST /api/user/api-key`
   *
   * @example
   * const result = await client.apiKeys.create();
   */
  create(options?: RequestOptions): Promise<OperationResponse<'createApiKey'>> {
    return this._client.request('createApiKey', { options });
  }

  /**
   * View the active API key (never its secret).
   *
   * `GET /api/user/api-key`
   *
   * @example
   * const result = await client.apiKeys.retrieve();
   */
  retrieve(options?: RequestOptions): Promise<OperationResponse<'getApiKey'>> {
    return this._client.request('getApiKey', { options });
  }

  /**
   * Revoke the active API key. Revocation is immediate: later requests with the key fail with 401.
   *
   * `DELETE /api/user/api-key`
   *
   * @example
   * const result = await client.apiKeys.revoke();
   */
  revoke(options?: RequestOptions): Promise<OperationResponse<'revokeApiKey'>> {
    return this._client.request('revokeApiKey', { options });
  }
}

/** Operations under `client.onboarding.context`. */
export class OnboardingContextResource extends APIResource {

  /**
   * Write the onboarding context (supersedes the previous one).
   *
   * `PUT /api/onboarding/context` (extension: not part of the public specification)
   *
   * @example
   * const result = await client.onboarding.context.put({company_name: 'Acme', confirmed: true});
   */
  put(body: OperationBody<'putOnboardingContext'>, options?: RequestOptions): Promise<OperationResponse<'putOnboardingContext'>> {
    return this._client.request('putOnboardingContext', { body, options });
  }
}

/** Operations under `client.onboarding`. */
export class OnboardingResource extends APIResource {
  /** `client.onboarding.context` */
  readonly context: OnboardingContextResource;

  constructor(client: OutboundCore) {
    super(client);
    this.context = new OnboardingContextResource(client);
  }

  /**
   * Complete onboarding. Validates the confirmed onboarding context and marks onboarding complete. It does not create a search.
   *
   * `POST /api/onboarding/complete`
   *
   * @example
   * const result = await client.onboarding.complete({});
   */
  complete(body?: OperationBody<'completeOnboarding'>, options?: RequestOptions): Promise<OperationResponse<'completeOnboarding'>> {
    return this._client.request('completeOnboarding', { body, options });
  }
}

/** Operations under `client.accounts`. */
export class AccountsResource extends APIResource {

  /**
   * List connected sender accounts. Newest first. `type=linkedin` is accepted as an alias of `socialnet`. An empty array is not an error.
   *
   * `GET /api/accounts`
   *
   * @example
   * const result = await client.accounts.list();
   */
  list(query: OperationQueryParams<'listAccounts'> = {}, options?: RequestOptions): Promise<OperationResponse<'listAccounts'>> {
    return this._client.request('listAccounts', { query, options });
  }
}

/** Operations under `client.extconn.accounts`. */
export class ExtconnAccountsResource extends APIResource {

  /**
   * List social-network sender accounts.
   *
   * `GET /api/extconn/accounts`
   *
   * @example
   * const result = await client.extconn.accounts.list();
   */
  list(options?: RequestOptions): Promise<OperationResponse<'listExtconnAccounts'>> {
    return this._client.request('listExtconnAccounts', { options });
  }

  /**
   * Refresh a social-network account from the provider.
   *
   * `POST /api/extconn/accounts/{id}/refresh`
   *
   * @example
   * const result = await client.extconn.accounts.refresh('<id>');
   */
  refresh(id: string, options?: RequestOptions): Promise<OperationResponse<'refreshExtconnAccount'>> {
    return this._client.request('refreshExtconnAccount', { params: { id }, options });
  }
}

/** Operations under `client.extconn`. */
export class ExtconnResource extends APIResource {
  /** `client.extconn.accounts` */
  readonly accounts: ExtconnAccountsResource;

  constructor(client: OutboundCore) {
    super(client);
    this.accounts = new ExtconnAccountsResource(client);
  }

  /**
   * Start a hosted social-network account connection. Answers a one-time URL that expires after 1 hour. Calling again removes any prior pending connection; the latest call wins.
   *
   * `POST /api/extconn/connect`
   *
   * @example
   * const result = await client.extconn.connect();
   */
  connect(options?: RequestOptions): Promise<OperationResponse<'connectExtconn'>> {
    return this._client.request('connectExtconn', { options });
  }

  /**
   * Polls the social-network accounts every 15 s until a `connected` account that was not there
   * when the wait began appears, and answers it.
   *
   * @example
   * const { url } = await client.extconn.connect();
   * console.log('Open', url);
   * const account = await client.extconn.waitForNewAccount();
   */
  waitForNewAccount(options?: WaitOptions<AccountProgress>): Promise<SenderAccount> {
    return waitForNewAccount(this._client, options);
  }
}

/** Operations under `client.email.accounts`. */
export class EmailAccountsResource extends APIResource {

  /**
   * Start the hosted consent flow for an email sender. Answers a one-time consent URL; completing it creates an active email sender with a verified domain.
   *
   * `POST /api/email/accounts`
   *
   * @example
   * const result = await client.email.accounts.connect({});
   */
  connect(body?: OperationBody<'connectEmailAccount'>, options?: RequestOptions): Promise<OperationResponse<'connectEmailAccount'>> {
    return this._client.request('connectEmailAccount', { body, options });
  }
}

/** Operations under `client.email`. */
export class EmailResource extends APIResource {
  /** `client.email.accounts` */
  readonly accounts: EmailAccountsResource;

  constructor(client: OutboundCore) {
    super(client);
    this.accounts = new EmailAccountsResource(client);
  }


}

/** Operations under `client.credits`. */
export class CreditsResource extends APIResource {

  /**
   * Per-action credit price table.
   *
   * `GET /api/credits/config`
   *
   * @example
   * const result = await client.credits.config();
   */
  config(options?: RequestOptions): Promise<OperationResponse<'getCreditsConfig'>> {
    return this._client.request('getCreditsConfig', { options });
  }

  /**
   * Preview a credit cost. Read-only affordability check: it deducts nothing. When the billing provider is unreachable, `balance` is null and `sufficient` is true.
   *
   * `POST /api/credits/preview`
   *
   * @example
   * const result = await client.credits.preview({action: 'FIND_PERSON', count: 1});
   */
  preview(body: OperationBody<'previewCredits'>, options?: RequestOptions): Promise<OperationResponse<'previewCredits'>> {
    return this._client.request('previewCredits', { body, options });
  }
}

/** Operations under `client.lists.columnPreferences`. */
export class ListsColumnPreferencesResource extends APIResource {

  /**
   * The caller's column preferences of a list.
   *
   * `GET /api/lists/{id}/column-preferences`
   *
   * @example
   * const result = await client.lists.columnPreferences.list('<id>');
   */
  list(id: string, options?: RequestOptions): Promise<OperationResponse<'getColumnPreferences'>> {
    return this._client.request('getColumnPreferences', { params: { id }, options });
  }

  /**
   * Upsert a column preference. Repeated calls with the same columnId overwrite the value. Hiding affects only the caller.
   *
   * `PUT /api/lists/{id}/column-preferences`
   *
   * @example
   * const result = await client.lists.columnPreferences.put('<id>', {columnId: '<uuid>', isHidden: true});
   */
  put(id: string, body: OperationBody<'putColumnPreference'>, options?: RequestOptions): Promise<OperationResponse<'putColumnPreference'>> {
    return this._client.request('putColumnPreference', { params: { id }, body, options });
  }
}

/** Operations under `client.lists.columns`. */
export class ListsColumnsResource extends APIResource {

  /**
   * Update a list column.
   *
   * `PATCH /api/lists/{id}/columns/{colId}`
   *
   * @example
   * const result = await client.lists.columns.update('<id>', '<colId>', {});
   */
  update(id: string, colId: string, body: OperationBody<'updateListColumn'>, options?: RequestOptions): Promise<OperationResponse<'updateListColumn'>> {
    return this._client.request('updateListColumn', { params: { id, colId }, body, options });
  }
}

/** Operations under `client.lists`. */
export class ListsResource extends APIResource {
  /** `client.lists.columnPreferences` */
  readonly columnPreferences: ListsColumnPreferencesResource;
  /** `client.lists.columns` */
  readonly columns: ListsColumnsResource;

  constructor(client: OutboundCore) {
    super(client);
    this.columnPreferences = new ListsColumnPreferencesResource(client);
    this.columns = new ListsColumnsResource(client);
  }

  /**
   * Create a list with columns.
   *
   * `POST /api/lists` (extension: not part of the public specification)
   *
   * @example
   * const result = await client.lists.create({name: 'Q4 outreach'});
   */
  create(body: OperationBody<'createList'>, options?: RequestOptions): Promise<OperationResponse<'createList'>> {
    return this._client.request('createList', { body, options });
  }
}

/** Operations under `client.workflows.nodes`. */
export class WorkflowsNodesResource extends APIResource {

  /**
   * List workflow nodes and edges.
   *
   * `GET /api/workflows/{id}/nodes`
   *
   * @example
   * const result = await client.workflows.nodes.list('<id>');
   */
  list(id: string, options?: RequestOptions): Promise<OperationResponse<'listWorkflowNodes'>> {
    return this._client.request('listWorkflowNodes', { params: { id }, options });
  }
}

/** Operations under `client.workflows`. */
export class WorkflowsResource extends APIResource {
  /** `client.workflows.nodes` */
  readonly nodes: WorkflowsNodesResource;

  constructor(client: OutboundCore) {
    super(client);
    this.nodes = new WorkflowsNodesResource(client);
  }

  /**
   * Create a workflow canvas with nodes and edges.
   *
   * `POST /api/workflows` (extension: not part of the public specification)
   *
   * @example
   * const result = await client.workflows.create({name: 'Q4 outreach'});
   */
  create(body: OperationBody<'createWorkflow'>, options?: RequestOptions): Promise<OperationResponse<'createWorkflow'>> {
    return this._client.request('createWorkflow', { body, options });
  }
}

/** Operations under `client.campaigns.leads`. */
export class CampaignsLeadsResource extends APIResource {

  /**
   * List a campaign's recipients.
   *
   * `GET /api/campaigns/{id}/leads`
   *
   * @example
   * for await (const item of client.campaigns.leads.list('<id>')) console.log(item);
   */
  list(id: string, query: OperationQueryParams<'listCampaignLeads'> = {}, options?: RequestOptions): PagePromise<OperationResponse<'listCampaignLeads'>, OperationResponse<'listCampaignLeads'>['leads'][number]> {
    return new PagePromise(
      (page) => this._client.request<OperationResponse<'listCampaignLeads'>>('listCampaignLeads', { params: { id }, query: { ...query, page }, options }),
      'leads',
      query.page ?? 1,
    );
  }

  /**
   * Add recipients in bulk. Each row is validated on its own; valid rows are added and rejected rows are reported with their index.
   *
   * `POST /api/campaigns/{id}/leads` (extension: not part of the public specification)
   *
   * @example
   * const result = await client.campaigns.leads.add('<id>', {leads: []});
   */
  add(id: string, body: OperationBody<'addCampaignLeads'>, options?: RequestOptions): Promise<OperationResponse<'addCampaignLeads'>> {
    return this._client.request('addCampaignLeads', { params: { id }, body, options });
  }
}

/** Operations under `client.campaigns.sequence.nodes`. */
export class CampaignsSequenceNodesResource extends APIResource {

  /**
   * Add a sequence node. Draft campaigns only. Without `position` the node lands just before the terminal `end` node. When the read-back fails the answer is `{mutated: true, node_id}`: refetch the campaign.
   *
   * `POST /api/campaigns/{id}/sequence/nodes`
   *
   * @example
   * const result = await client.campaigns.sequence.nodes.add('<id>', {type: 'connection_request'});
   */
  add(id: string, body: OperationBody<'addSequenceNode'>, options?: RequestOptions): Promise<OperationResponse<'addSequenceNode'>> {
    return this._client.request('addSequenceNode', { params: { id }, body, options });
  }

  /**
   * Update a sequence node (type is immutable).
   *
   * `PUT /api/campaigns/{id}/sequence/nodes/{nodeId}`
   *
   * @example
   * const result = await client.campaigns.sequence.nodes.update('<id>', '<nodeId>', {});
   */
  update(id: string, nodeId: string, body?: OperationBody<'updateSequenceNode'>, options?: RequestOptions): Promise<OperationResponse<'updateSequenceNode'>> {
    return this._client.request('updateSequenceNode', { params: { id, nodeId }, body, options });
  }

  /**
   * Delete a sequence node (not the end node).
   *
   * `DELETE /api/campaigns/{id}/sequence/nodes/{nodeId}`
   *
   * @example
   * const result = await client.campaigns.sequence.nodes.delete('<id>', '<nodeId>');
   */
  delete(id: string, nodeId: string, options?: RequestOptions): Promise<OperationResponse<'deleteSequenceNode'>> {
    return this._client.request('deleteSequenceNode', { params: { id, nodeId }, options });
  }

  /**
   * Move a sequence node (the end node stays last).
   *
   * `POST /api/campaigns/{id}/sequence/nodes/{nodeId}/move`
   *
   * @example
   * const result = await client.campaigns.sequence.nodes.move('<id>', '<nodeId>', {position: 1});
   */
  move(id: string, nodeId: string, body: OperationBody<'moveSequenceNode'>, options?: RequestOptions): Promise<OperationResponse<'moveSequenceNode'>> {
    return this._client.request('moveSequenceNode', { params: { id, nodeId }, body, options });
  }
}

/** Operations under `client.campaigns.sequence`. */
export class CampaignsSequenceResource extends APIResource {
  /** `client.campaigns.sequence.nodes` */
  readonly nodes: CampaignsSequenceNodesResource;

  constructor(client: OutboundCore) {
    super(client);
    this.nodes = new CampaignsSequenceNodesResource(client);
  }


}

/** Operations under `client.campaigns`. */
export class CampaignsResource extends APIResource {
  /** `client.campaigns.leads` */
  readonly leads: CampaignsLeadsResource;
  /** `client.campaigns.sequence` */
  readonly sequence: CampaignsSequenceResource;

  constructor(client: OutboundCore) {
    super(client);
    this.leads = new CampaignsLeadsResource(client);
    this.sequence = new CampaignsSequenceResource(client);
  }

  /**
   * Create a draft campaign. Creates a draft and its terminal `end` node. Answers 400 when the caller has no sendable account of the channel.
   *
   * `POST /api/campaigns`
   *
   * @example
   * const result = await client.campaigns.create({name: 'Q4 outreach', type: 'email'});
   */
  create(body: OperationBody<'createCampaign'>, options?: RequestOptions): Promise<OperationResponse<'createCampaign'>> {
    return this._client.request('createCampaign', { body, options });
  }

  /**
   * List campaigns, newest first.
   *
   * `GET /api/campaigns` (extension: not part of the public specification)
   *
   * @example
   * for await (const item of client.campaigns.list()) console.log(item);
   */
  list(query: OperationQueryParams<'listCampaigns'> = {}, options?: RequestOptions): PagePromise<OperationResponse<'listCampaigns'>, OperationResponse<'listCampaigns'>['campaigns'][number]> {
    return new PagePromise(
      (page) => this._client.request<OperationResponse<'listCampaigns'>>('listCampaigns', { query: { ...query, page }, options }),
      'campaigns',
      query.page ?? 1,
    );
  }

  /**
   * Get a campaign with its sequence.
   *
   * `GET /api/campaigns/{id}`
   *
   * @example
   * const result = await client.campaigns.retrieve('<id>');
   */
  retrieve(id: string, options?: RequestOptions): Promise<OperationResponse<'getCampaign'>> {
    return this._client.request('getCampaign', { params: { id }, options });
  }

  /**
   * Update an Outbound campaign. Partial update. Draft-only fields are silently ignored on non-draft campaigns. `sequence_nodes` replaces the whole sequence of a draft. Error bodies are flat.
   *
   * `PATCH /api/campaigns/{id}`
   *
   * @example
   * const result = await client.campaigns.update('<id>', {});
   */
  update(id: string, body?: OperationBody<'updateCampaign'>, options?: RequestOptions): Promise<OperationResponse<'updateCampaign'>> {
    return this._client.request('updateCampaign', { params: { id }, body, options });
  }

  /**
   * Launch a draft campaign. Validates synchronously and moves the draft to `launching`; a background run moves it to `active`. A retry of the same call is safe.
   *
   * `POST /api/campaigns/{id}/launch`
   *
   * @example
   * const result = await client.campaigns.launch('<id>');
   */
  launch(id: string, options?: RequestOptions): Promise<OperationResponse<'launchCampaign'>> {
    return this._client.request('launchCampaign', { params: { id }, options });
  }

  /**
   * Pause a running campaign.
   *
   * `POST /api/campaigns/{id}/pause`
   *
   * @example
   * const result = await client.campaigns.pause('<id>');
   */
  pause(id: string, options?: RequestOptions): Promise<OperationResponse<'pauseCampaign'>> {
    return this._client.request('pauseCampaign', { params: { id }, options });
  }

  /**
   * Resume a paused campaign (back to active).
   *
   * `POST /api/campaigns/{id}/resume`
   *
   * @example
   * const result = await client.campaigns.resume('<id>');
   */
  resume(id: string, options?: RequestOptions): Promise<OperationResponse<'resumeCampaign'>> {
    return this._client.request('resumeCampaign', { params: { id }, options });
  }

  /**
   * Launches a draft and polls it every 30 s until it is `active`. A launch that goes back to
   * `draft` rejects with CampaignLaunchFailedError.
   *
   * @example
   * const campaign = await client.campaigns.launchAndWait('<id>', { onProgress: (p) => console.log(p.status) });
   */
  launchAndWait(id: string, options?: WaitOptions<CampaignProgress>): Promise<Campaign> {
    return launchAndWait(this._client, id, options);
  }

  /**
   * Polls a campaign every 30 s until it reaches `status`.
   *
   * @example
   * await client.campaigns.waitUntil('<id>', 'completed', { interval: 60_000 });
   */
  waitUntil(id: string, status: CampaignStatus, options?: WaitOptions<CampaignProgress>): Promise<Campaign> {
    return waitUntil(this._client, id, status, options);
  }
}

/** Operations under `client.threads.messages`. */
export class ThreadsMessagesResource extends APIResource {

  /**
   * Send a message in a thread. Sends an email or a social-network message. A 500 whose `error.reason` is `sent_not_saved` means the message went out but was not saved: do not retry it.
   *
   * `POST /api/threads/{id}/messages`
   *
   * @example
   * const result = await client.threads.messages.send('<id>', {body_text: 'Hi Ada,  quick question about your Q4 plans.'});
   */
  send(id: string, body: OperationBody<'sendThreadMessage'>, options?: RequestOptions): Promise<OperationResponse<'sendThreadMessage'>> {
    return this._client.request('sendThreadMessage', { params: { id }, body, options });
  }
}

/** Operations under `client.threads`. */
export class ThreadsResource extends APIResource {
  /** `client.threads.messages` */
  readonly messages: ThreadsMessagesResource;

  constructor(client: OutboundCore) {
    super(client);
    this.messages = new ThreadsMessagesResource(client);
  }

  /**
   * Create a thread (one-off email or social-network).
   *
   * `POST /api/threads`
   *
   * @example
   * const result = await client.threads.create({channel: 'email', recipient_email: 'ada@example.com'});
   */
  create(body: OperationBody<'createThread'>, options?: RequestOptions): Promise<OperationResponse<'createThread'>> {
    return this._client.request('createThread', { body, options });
  }

  /**
   * List threads, most recent first.
   *
   * `GET /api/threads`
   *
   * @example
   * for await (const item of client.threads.list()) console.log(item);
   */
  list(query: OperationQueryParams<'listThreads'> = {}, options?: RequestOptions): PagePromise<OperationResponse<'listThreads'>, OperationResponse<'listThreads'>['threads'][number]> {
    return new PagePromise(
      (page) => this._client.request<OperationResponse<'listThreads'>>('listThreads', { query: { ...query, page }, options }),
      'threads',
      query.page ?? 1,
    );
  }

  /**
   * Get a thread and its messages.
   *
   * `GET /api/threads/{id}`
   *
   * @example
   * const result = await client.threads.retrieve('<id>');
   */
  retrieve(id: string, options?: RequestOptions): Promise<OperationResponse<'getThread'>> {
    return this._client.request('getThread', { params: { id }, options });
  }
}

/** Operations under `client.posts.media`. */
export class PostsMediaResource extends APIResource {

  /**
   * Upload a media file for posts. Multipart upload; the type is detected from the content. Answers the URL to use in `media_items`.
   *
   * `POST /api/calendar/media`
   *
   * @example
   * const result = await client.posts.media.upload(new Blob([bytes], { type: 'image/png' }));
   */
  upload(file: Blob, options?: RequestOptions): Promise<OperationResponse<'uploadMedia'>> {
    return this._client.request('uploadMedia', { body: formData(file), options });
  }
}

/** Operations under `client.posts`. */
export class PostsResource extends APIResource {
  /** `client.posts.media` */
  readonly media: PostsMediaResource;

  constructor(client: OutboundCore) {
    super(client);
    this.media = new PostsMediaResource(client);
  }

  /**
   * Create a social post. Mirrored to the external scheduling provider when it targets social-network accounts; a rejected mirror still saves the post with `provider_post_id` null.
   *
   * `POST /api/calendar/posts`
   *
   * @example
   * const result = await client.posts.create({content: 'We are hiring!'});
   */
  create(body: OperationBody<'createPost'>, options?: RequestOptions): Promise<OperationResponse<'createPost'>> {
    return this._client.request('createPost', { body, options });
  }

  /**
   * List posts by date range and status.
   *
   * `GET /api/calendar/posts`
   *
   * @example
   * for await (const item of client.posts.list()) console.log(item);
   */
  list(query: OperationQueryParams<'listPosts'> = {}, options?: RequestOptions): PagePromise<OperationResponse<'listPosts'>, OperationResponse<'listPosts'>['posts'][number]> {
    return new PagePromise(
      (page) => this._client.request<OperationResponse<'listPosts'>>('listPosts', { query: { ...query, page }, options }),
      'posts',
      query.page ?? 1,
    );
  }

  /**
   * Update a post (also retries a rejected mirror).
   *
   * `PATCH /api/calendar/posts/{id}`
   *
   * @example
   * const result = await client.posts.update('<id>', {});
   */
  update(id: string, body?: OperationBody<'updatePost'>, options?: RequestOptions): Promise<OperationResponse<'updatePost'>> {
    return this._client.request('updatePost', { params: { id }, body, options });
  }

  /**
   * Sync post status from the scheduling provider.
   *
   * `POST /api/calendar/posts/{id}/sync`
   *
   * @example
   * const result = await client.posts.sync('<id>');
   */
  sync(id: string, options?: RequestOptions): Promise<OperationResponse<'syncPost'>> {
    return this._client.request('syncPost', { params: { id }, options });
  }

  /**
   * Archive a post.
   *
   * `POST /api/calendar/posts/{id}/archive` (extension: not part of the public specification)
   *
   * @example
   * const result = await client.posts.archive('<id>');
   */
  archive(id: string, options?: RequestOptions): Promise<OperationResponse<'archivePost'>> {
    return this._client.request('archivePost', { params: { id }, options });
  }
}

/** Operations under `client.research`. */
export class ResearchResource extends APIResource {

  /**
   * Submit a person for deep research. Complete: 200 with the cached report. Running or idle: 200 with report null. Failed: flipped to running and re-triggered, 202. New: inserted and triggered, 202.
   *
   * `POST /api/v1/research`
   *
   * @example
   * const result = await client.research.submit({first_name: 'Ada', last_name: 'Lovelace', linkedin_url: 'https://www.linkedin.com/in/ada-lovelace'});
   */
  submit(body: OperationBody<'submitResearch'>, options?: RequestOptions): Promise<OperationResponse<'submitResearch'>> {
    return this._client.request('submitResearch', { body, options });
  }

  /**
   * Get a research person and report.
   *
   * `GET /api/v1/deep-research/{id}`
   *
   * @example
   * const result = await client.research.retrieve('<id>');
   */
  retrieve(id: string, options?: RequestOptions): Promise<OperationResponse<'getResearch'>> {
    return this._client.request('getResearch', { params: { id }, options });
  }

  /**
   * Submits a person and polls every 30 s until the report is `complete`; a cached report returns
   * at once. A `failed` person rejects with ResearchFailedError carrying the person.
   *
   * @example
   * const { report } = await client.research.submitAndWait({ first_name: 'Ada', last_name: 'Lovelace', linkedin_url: 'https://www.linkedin.com/in/ada' });
   */
  submitAndWait(body: OperationBody<'submitResearch'>, options?: WaitOptions<ResearchProgress>): Promise<ResearchEnvelope> {
    return submitAndWait(this._client, body, options);
  }
}

/** Operations under `client.partners`. */
export class PartnersResource extends APIResource {

  /**
   * Get the webhook management portal URL. A short-lived URL, valid 5 minutes.
   *
   * `GET /api/v1/partners/portal`
   *
   * @example
   * const result = await client.partners.portal();
   */
  portal(options?: RequestOptions): Promise<OperationResponse<'getPartnerPortal'>> {
    return this._client.request('getPartnerPortal', { options });
  }
}

/** Operations under `client.signals.scanTime`. */
export class SignalsScanTimeResource extends APIResource {

  /**
   * Read the daily signals scan time.
   *
   * `GET /api/signals/scan-time`
   *
   * @example
   * const result = await client.signals.scanTime.retrieve();
   */
  retrieve(options?: RequestOptions): Promise<OperationResponse<'getScanTime'>> {
    return this._client.request('getScanTime', { options });
  }

  /**
   * Set the daily signals scan time.
   *
   * `PUT /api/signals/scan-time`
   *
   * @example
   * const result = await client.signals.scanTime.update({scan_time: '08:00', timezone: 'Europe/Paris'});
   */
  update(body: OperationBody<'updateScanTime'>, options?: RequestOptions): Promise<OperationResponse<'updateScanTime'>> {
    return this._client.request('updateScanTime', { body, options });
  }
}

/** Operations under `client.signals`. */
export class SignalsResource extends APIResource {
  /** `client.signals.scanTime` */
  readonly scanTime: SignalsScanTimeResource;

  constructor(client: OutboundCore) {
    super(client);
    this.scanTime = new SignalsScanTimeResource(client);
  }

  /**
   * Read classified buying-intent signals. Dismissed signals and duplicates are excluded.
   *
   * `GET /api/signals/feed`
   *
   * @example
   * const result = await client.signals.list();
   */
  list(query: OperationQueryParams<'listSignals'> = {}, options?: RequestOptions): Promise<OperationResponse<'listSignals'>> {
    return this._client.request('listSignals', { query, options });
  }

  /**
   * Thumbs up or down on a signal (marks it seen).
   *
   * `POST /api/signals/feed/{id}/feedback`
   *
   * @example
   * const result = await client.signals.feedback('<id>', {rating: 'up'});
   */
  feedback(id: string, body: OperationBody<'signalFeedback'>, options?: RequestOptions): Promise<OperationResponse<'signalFeedback'>> {
    return this._client.request('signalFeedback', { params: { id }, body, options });
  }

  /**
   * Dismiss a signal (soft delete).
   *
   * `POST /api/signals/feed/{id}/dismiss`
   *
   * @example
   * const result = await client.signals.dismiss('<id>');
   */
  dismiss(id: string, options?: RequestOptions): Promise<OperationResponse<'dismissSignal'>> {
    return this._client.request('dismissSignal', { params: { id }, options });
  }
}

/** The top-level resources of the client. */
export const TOP_LEVEL_RESOURCES = ["account","session","apiKeys","onboarding","accounts","extconn","email","credits","lists","workflows","campaigns","threads","posts","research","partners","signals"] as const;
