import { APIUserAbortError, PollTimeoutError } from './errors.js';
import { sleep } from './internal/sleep.js';

export interface PollOptions<P = unknown> {
  /** Wait between polls, ms. Defaults follow the spec's cadence for each helper. */
  interval?: number;
  /** Give up after this long, ms, with PollTimeoutError. @default 15 minutes */
  timeout?: number;
  /** Stops polling at once, with APIUserAbortError. */
  signal?: AbortSignal;
  /** Called after every poll with what it saw. */
  onProgress?: (progress: P) => void;
}

export interface PollStep<T> {
  /** Stop and answer this value. */
  done?: T;
  /** Stop and throw this error. */
  fail?: Error;
}

/** Polls `read` every `interval` until `check` says done or fail, the deadline passes, or the signal aborts. */
export async function poll<R, T, P>(
  read: () => Promise<R>,
  check: (value: R) => PollStep<T>,
  progress: (value: R, elapsedMs: number) => P,
  options: PollOptions<P> & { interval: number },
): Promise<T> {
  const started = Date.now();
  const timeout = options.timeout ?? 15 * 60_000;
  for (;;) {
    if (options.signal?.aborted) throw new APIUserAbortError();
    const value = await read();
    options.onProgress?.(progress(value, Date.now() - started));
    const step = check(value);
    if (step.fail) throw step.fail;
    if ('done' in step) return step.done as T;
    if (Date.now() - started + options.interval > timeout) throw new PollTimeoutError(value);
    await sleep(options.interval, options.signal);
  }
}
