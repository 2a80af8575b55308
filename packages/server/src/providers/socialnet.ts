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

/** The social-network connection provider. */
export interface SocialnetProvider {
  /** Current profile of a connected account; throws when the provider does not know it. */
  fetchProfile(providerAccountId: string): Promise<SocialnetProfile>;
}

/**
 * Simulated provider: profiles are remembered from the hosted login page and answered back.
 * Deterministic, in memory, and honest: it knows only accounts that went through the page.
 */
export class SimulatedSocialnet implements SocialnetProvider {
  readonly profiles = new Map<string, SocialnetProfile>();
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
