import { setupServer } from 'msw/node';
import initSqlJs from 'sql.js';
import { type MockOptions, OutboundMock } from './core.js';

export type { MockCredentials, MockOptions } from './core.js';
export { OutboundMock } from './core.js';

/** The mock in Node: MSW intercepts `fetch` to the base URL and answers from the server's own app. */
export interface NodeOutboundMock {
  readonly credentials: OutboundMock['credentials'];
  readonly clock: OutboundMock['clock'];
  readonly scenarios: OutboundMock['scenarios'];
  readonly state: OutboundMock['state'];
  /** Webhook events: `on(listener)`, `deliverTo(url)`, `deliveries()`, `secret`. */
  readonly events: OutboundMock['events'];
  readonly mock: OutboundMock;
  /** Starts intercepting. Requests to other hosts pass through untouched. */
  listen(): void;
  /** Stops intercepting. */
  close(): void;
  /** A fresh database with the same credentials; scenarios cleared. */
  reset(): Promise<void>;
}

/**
 * Sets up the mock for Node tests.
 *
 * @example
 * const mock = await setupOutboundMock({ timing: 'instant' });
 * mock.listen();
 * const res = await fetch(`${mock.credentials.baseUrl}/api/accounts`, {
 *   headers: { authorization: `Bearer ${mock.credentials.apiKey}` },
 * });
 */
export async function setupOutboundMock(options: MockOptions = {}): Promise<NodeOutboundMock> {
  const mock = await OutboundMock.create(await initSqlJs(), options);
  const server = setupServer(...mock.handlers);
  return {
    get credentials() {
      return mock.credentials;
    },
    get clock() {
      return mock.clock;
    },
    get scenarios() {
      return mock.scenarios;
    },
    get state() {
      return mock.state;
    },
    get events() {
      return mock.events;
    },
    mock,
    listen() {
      server.listen({ onUnhandledRequest: 'bypass' });
      mock.startBackground();
    },
    close() {
      mock.stopBackground();
      server.close();
    },
    async reset() {
      await mock.reset();
      server.resetHandlers(...mock.handlers);
    },
  };
}
