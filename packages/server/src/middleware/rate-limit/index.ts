import type { Clock } from '../../clock.js';

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
}

/** Fixed-window request counter per key, on the injected clock. */
export class RateLimiter {
  readonly #windows = new Map<string, { start: number; count: number }>();
  constructor(
    private readonly clock: Clock,
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  hit(key: string): RateLimitDecision {
    const now = this.clock.now();
    let w = this.#windows.get(key);
    if (!w || now - w.start >= this.windowMs) {
      w = { start: now, count: 0 };
      this.#windows.set(key, w);
      if (this.#windows.size > 100_000) this.#prune(now);
    }
    w.count++;
    const resetSeconds = Math.max(1, Math.ceil((w.start + this.windowMs - now) / 1000));
    return {
      allowed: w.count <= this.limit,
      limit: this.limit,
      remaining: Math.max(0, this.limit - w.count),
      resetSeconds,
    };
  }

  #prune(now: number): void {
    for (const [k, w] of this.#windows) if (now - w.start >= this.windowMs) this.#windows.delete(k);
  }
}

export function rateLimitHeaders(d: RateLimitDecision): Record<string, string> {
  return {
    'RateLimit-Limit': String(d.limit),
    'RateLimit-Remaining': String(d.remaining),
    'RateLimit-Reset': String(d.resetSeconds),
  };
}
