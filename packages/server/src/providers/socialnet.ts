/** What the social-network provider reports about a connected account. */
export interface SocialnetProfile {
  provider_account_id: string;
  display_name: string;
  first_name: string;
  last_name: string;
  profile_url: string;
  is_premium: boolean;
  has_sales_navigator: boolean;
}

/** A social-network action. `id` is the idempotency key: the same id never acts twice. */
export interface SocialnetAction {
  id: string;
  providerAccountId: string;
  profileUrl: string;
  kind: 'connection_request' | 'message';
  text: string;
}

/** The social-network connection and sending provider. */
export interface SocialnetProvider {
  /** Current profile of a connected account; throws when the provider does not know it. */
  fetchProfile(providerAccountId: string): Promise<SocialnetProfile>;
  /** Sends a connection request or a message. */
  send(action: SocialnetAction): Promise<{ messageId: string }>;
  /** Whether the profile accepted the account's connection request. */
  isConnected(providerAccountId: string, profileUrl: string): Promise<boolean>;
}

/**
 * Simulated provider: profiles are remembered from the hosted login page and answered back.
 * Deterministic, in memory, and honest: it knows only accounts that went through the page.
 */
export class SimulatedSocialnet implements SocialnetProvider {
  readonly profiles = new Map<string, SocialnetProfile>();
  readonly sent: Array<SocialnetAction & { messageId: string }> = [];
  readonly #byId = new Map<string, string>();

  async send(action: SocialnetAction): Promise<{ messageId: string }> {
    const known = this.#byId.get(action.id);
    if (known) return { messageId: known };
    const messageId = `sn_msg_${action.id}`;
    this.#byId.set(action.id, messageId);
    this.sent.push({ ...action, messageId });
    return { messageId };
  }

  /** Profiles accept every request, except those whose handle contains `ignore` (they never answer). */
  async isConnected(_providerAccountId: string, profileUrl: string): Promise<boolean> {
    return (
      !profileUrl.includes('ignore') &&
      this.sent.some((s) => s.kind === 'connection_request' && s.profileUrl === profileUrl)
    );
  }

  remember(profile: SocialnetProfile): void {
    this.profiles.set(profile.provider_account_id, profile);
  }
  async fetchProfile(id: string): Promise<SocialnetProfile> {
    const p = this.profiles.get(id);
    if (!p) throw new Error(`unknown provider account ${id}`);
    return p;
  }
}

/** Weekly limits derived from the account tier the provider reports. */
export function weeklyLimits(p: { is_premium: boolean; has_sales_navigator: boolean }): {
  weekly_connection_limit: number;
  weekly_message_limit: number;
} {
  if (p.has_sales_navigator) return { weekly_connection_limit: 200, weekly_message_limit: 300 };
  if (p.is_premium) return { weekly_connection_limit: 150, weekly_message_limit: 200 };
  return { weekly_connection_limit: 100, weekly_message_limit: 100 };
}
