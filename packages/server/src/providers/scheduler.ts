/** What the external scheduling provider receives for a post. */
export interface MirroredPost {
  /** Idempotency key: the local post id. */
  id: string;
  text: string;
  scheduledAt: number | null;
  accountIds: string[];
  media: { url: string; type: string }[];
}

/** The external social-post scheduling provider. */
export interface SchedulerProvider {
  /** Hands the post over; answers the provider's post id, or throws when the provider rejects it. */
  mirror(post: MirroredPost): Promise<string>;
  /** Where the provider's post stands at `now`. */
  status(providerPostId: string, now: number): Promise<'scheduled' | 'published' | 'unknown'>;
}

/** Thrown when the provider rejects a mirrored post. */
export class MirrorRejectedError extends Error {
  override readonly name = 'MirrorRejectedError';
}

/**
 * Simulated scheduler: keeps mirrored posts in memory and reports them published once their time
 * has come. `rejectNext` makes the next mirror fail, as a provider outage would.
 */
export class SimulatedScheduler implements SchedulerProvider {
  readonly posts = new Map<string, MirroredPost>();
  rejectNext = 0;
  async mirror(post: MirroredPost): Promise<string> {
    if (this.rejectNext > 0) {
      this.rejectNext--;
      throw new MirrorRejectedError('the scheduling provider rejected the post');
    }
    const id = `sched_${post.id.replace(/-/g, '').slice(0, 20)}`;
    this.posts.set(id, post);
    return id;
  }
  async status(providerPostId: string, now: number): Promise<'scheduled' | 'published' | 'unknown'> {
    const p = this.posts.get(providerPostId);
    if (!p) return 'unknown';
    return p.scheduledAt === null || p.scheduledAt <= now ? 'published' : 'scheduled';
  }
}
