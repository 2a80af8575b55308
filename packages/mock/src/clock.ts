import { type Clock, parseDuration } from '@outbound/server';

/** Something that runs due jobs and knows when the next one is due. */
export interface JobDriver {
  runDue(): Promise<number>;
  nextRunAt(): number | undefined;
}

/**
 * The mock's clock. In `instant` timing it stands still until told to move; in `realistic`
 * timing it follows the wall clock. Either way `advance` jumps ahead and runs what became due.
 */
export class VirtualClock implements Clock {
  #offset = 0;
  #frozenAt: number | undefined;
  driver: JobDriver | undefined;

  constructor(mode: 'instant' | 'realistic', start: number = Date.now()) {
    if (mode === 'instant') this.#frozenAt = start;
    else this.#offset = start - Date.now();
  }

  now(): number {
    return this.#frozenAt ?? Date.now() + this.#offset;
  }

  /** Moves the clock forward (`'2m'`, `'30s'`, `'1h'`, `'3d'` or ms), running jobs due on the way, in order. */
  async advance(duration: string | number): Promise<number> {
    const target = this.now() + parseDuration(duration);
    let ran = 0;
    for (;;) {
      const next = this.driver?.nextRunAt();
      if (next === undefined || next > target) break;
      this.#moveTo(Math.max(next, this.now()));
      ran += (await this.driver?.runDue()) ?? 0;
    }
    this.#moveTo(target);
    ran += (await this.driver?.runDue()) ?? 0;
    return ran;
  }

  /** Runs every job that is due now. */
  async runAll(): Promise<number> {
    return (await this.driver?.runDue()) ?? 0;
  }

  /** Runs pending jobs due within `horizon`, jumping to each one's time (instant timing). */
  async settle(horizon: string | number = '1h'): Promise<number> {
    const limit = this.now() + parseDuration(horizon);
    let ran = await this.runAll();
    for (;;) {
      const next = this.driver?.nextRunAt();
      if (next === undefined || next > limit) return ran;
      this.#moveTo(Math.max(next, this.now()));
      ran += await this.runAll();
    }
  }

  #moveTo(t: number): void {
    if (this.#frozenAt !== undefined) this.#frozenAt = Math.max(this.#frozenAt, t);
    else this.#offset = Math.max(this.#offset, t - Date.now());
  }
}
