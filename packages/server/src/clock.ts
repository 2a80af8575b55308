/** Where the app reads the time. Injected so tests and the mock control it. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

/** The wall clock. */
export const systemClock: Clock = { now: () => Date.now() };

/** A clock that moves only when told to. */
export class ManualClock implements Clock {
  #now: number;
  constructor(start: number | Date = Date.UTC(2026, 0, 5, 9, 0, 0)) {
    this.#now = typeof start === 'number' ? start : start.getTime();
  }
  now(): number {
    return this.#now;
  }
  /** Moves the clock forward by `ms` milliseconds. */
  advance(ms: number): void {
    if (ms < 0) throw new RangeError('a clock only moves forward');
    this.#now += ms;
  }
  /** Sets the clock to an absolute time (not earlier than now). */
  set(at: number | Date): void {
    const t = typeof at === 'number' ? at : at.getTime();
    if (t < this.#now) throw new RangeError('a clock only moves forward');
    this.#now = t;
  }
}
