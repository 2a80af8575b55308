import { type ClientOptions, OutboundCore } from './core.js';
import {
  AccountResource,
  AccountsResource,
  ApiKeysResource,
  CampaignsResource,
  CreditsResource,
  EmailResource,
  ExtconnResource,
  ListsResource,
  OnboardingResource,
  PartnersResource,
  PostsResource,
  ResearchResource,
  SessionResource,
  SignalsResource,
  ThreadsResource,
  WorkflowsResource,
} from './resources.generated.js';

/**
 * The Outbound API client.
 *
 * @example
 * import { Outbound } from '@outbound/sdk';
 * const client = new Outbound({ apiKey: process.env.OUTBOUND_API_KEY });
 * const { accounts } = await client.accounts.list({ type: 'email' });
 */
export class Outbound extends OutboundCore {
  readonly account: AccountResource;
  readonly session: SessionResource;
  readonly apiKeys: ApiKeysResource;
  readonly onboarding: OnboardingResource;
  readonly accounts: AccountsResource;
  readonly extconn: ExtconnResource;
  readonly email: EmailResource;
  readonly credits: CreditsResource;
  readonly lists: ListsResource;
  readonly workflows: WorkflowsResource;
  readonly campaigns: CampaignsResource;
  readonly threads: ThreadsResource;
  readonly posts: PostsResource;
  readonly research: ResearchResource;
  readonly partners: PartnersResource;
  readonly signals: SignalsResource;

  constructor(options: ClientOptions = {}) {
    super(options);
    this.account = new AccountResource(this);
    this.session = new SessionResource(this);
    this.apiKeys = new ApiKeysResource(this);
    this.onboarding = new OnboardingResource(this);
    this.accounts = new AccountsResource(this);
    this.extconn = new ExtconnResource(this);
    this.email = new EmailResource(this);
    this.credits = new CreditsResource(this);
    this.lists = new ListsResource(this);
    this.workflows = new WorkflowsResource(this);
    this.campaigns = new CampaignsResource(this);
    this.threads = new ThreadsResource(this);
    this.posts = new PostsResource(this);
    this.research = new ResearchResource(this);
    this.partners = new PartnersResource(this);
    this.signals = new SignalsResource(this);
  }
}
