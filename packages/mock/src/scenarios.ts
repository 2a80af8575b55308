import { operations } from '@outbound/schema';

type OperationId = keyof typeof operations;

/** External effects the mock can make fail: a send (502), a post mirror (saved without provider id), a research run (failed). */
export type ProviderFailure = 'send' | 'postMirror' | 'research';

interface Rule {
  operationId: OperationId;
  remaining: number;
  status: number;
  retryAfter?: number;
  message?: string;
  reason?: string;
}

/** Forced behaviours of the mock, each undone by `reset()`. */
export class Scenarios {
  #rules: Rule[] = [];
  #latencyMs = 0;
  #billingDown = false;
  #providerFailures = new Map<ProviderFailure, number>();

  /** The next `times` calls of the operation answer 429 with `Retry-After: retryAfter`. */
  rateLimit(operationId: OperationId, options: { times?: number; retryAfter?: number } = {}): this {
    this.#check(operationId);
    this.#rules.push({ operationId, remaining: options.times ?? 1, status: 429, retryAfter: options.retryAfter ?? 1 });
    return this;
  }

  /** The next `times` calls of the operation fail with `status`, in the operation's documented error shape. */
  fail(
    operationId: OperationId,
    status: number,
    options: { times?: number; message?: string; reason?: string; retryAfter?: number } = {},
  ): this {
    this.#check(operationId);
    if (status < 400 || status > 599) throw new RangeError('fail() takes an error status (400 to 599)');
    this.#rules.push({ operationId, remaining: options.times ?? 1, status, ...options });
    return this;
  }

  /** Delays every response by `ms` milliseconds of real time. */
  latency(ms: number): this {
    this.#latencyMs = Math.max(0, ms);
    return this;
  }

  /** The billing provider is unreachable until called with `false`. */
  billingOutage(down = true): this {
    this.#billingDown = down;
    return this;
  }

  /** The next `times` uses of a provider fail. */
  providerFailure(kind: ProviderFailure, options: { times?: number } = {}): this {
    this.#providerFailures.set(kind, (this.#providerFailures.get(kind) ?? 0) + (options.times ?? 1));
    return this;
  }

  /** Consumes one forced failure of the provider, if any. */
  takeProviderFailure(kind: ProviderFailure): boolean {
    const left = this.#providerFailures.get(kind) ?? 0;
    if (left <= 0) return false;
    this.#providerFailures.set(kind, left - 1);
    return true;
  }

  get latencyMs(): number {
    return this.#latencyMs;
  }

  get billingDown(): boolean {
    return this.#billingDown;
  }

  /** The forced outcome for this call of the operation, consuming it. */
  take(operationId: string): Omit<Rule, 'remaining'> | undefined {
    const rule = this.#rules.find((r) => r.operationId === operationId && r.remaining > 0);
    if (!rule) return undefined;
    rule.remaining--;
    this.#rules = this.#rules.filter((r) => r.remaining > 0);
    return rule;
  }

  clear(): void {
    this.#rules = [];
    this.#latencyMs = 0;
    this.#billingDown = false;
    this.#providerFailures.clear();
  }

  #check(operationId: string): void {
    if (!(operationId in operations)) throw new TypeError(`unknown operationId: ${operationId}`);
  }
}
