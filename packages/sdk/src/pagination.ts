/** A page of a paged list. */
export interface PageShape {
  page: number;
  limit: number;
  has_more: boolean;
}

/**
 * The answer of a paged list: `await` it for the first page, or iterate it with `for await` for
 * every item across pages.
 *
 * @example
 * for await (const thread of client.threads.list({ limit: 50 })) console.log(thread.id);
 */
export class PagePromise<P extends PageShape, Item> implements PromiseLike<P>, AsyncIterable<Item> {
  #first: Promise<P> | undefined;

  constructor(
    private readonly fetchPage: (page: number) => Promise<P>,
    private readonly key: keyof P,
    private readonly startPage = 1,
  ) {}

  // biome-ignore lint/suspicious/noThenProperty: a PagePromise is awaited for its first page by design.
  then<A = P, B = never>(
    onfulfilled?: ((value: P) => A | PromiseLike<A>) | null,
    onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    this.#first ??= this.fetchPage(this.startPage);
    return this.#first.then(onfulfilled, onrejected);
  }

  async *[Symbol.asyncIterator](): AsyncIterator<Item> {
    for (let page = this.startPage; ; page++) {
      const p = page === this.startPage && this.#first ? await this.#first : await this.fetchPage(page);
      yield* p[this.key] as unknown as Item[];
      if (!p.has_more) return;
    }
  }

  /** Every page, one after another. */
  async *pages(): AsyncGenerator<P> {
    for (let page = this.startPage; ; page++) {
      const p = await this.fetchPage(page);
      yield p;
      if (!p.has_more) return;
    }
  }
}
