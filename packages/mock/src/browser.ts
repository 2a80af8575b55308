import { setupWorker } from 'msw/browser';
import initSqlJs from 'sql.js';
import { type MockOptions, OutboundMock } from './core.js';

export type { MockCredentials, MockOptions } from './core.js';
export { OutboundMock } from './core.js';

export interface BrowserMockOptions extends MockOptions {
  /** URL of `sql-wasm.wasm` (from the `sql.js` package). */
  wasmUrl: string;
  /** URL of MSW's `mockServiceWorker.js`. @default '/mockServiceWorker.js' */
  serviceWorkerUrl?: string;
}

export interface BrowserOutboundMock {
  readonly mock: OutboundMock;
  readonly credentials: OutboundMock['credentials'];
  readonly clock: OutboundMock['clock'];
  readonly scenarios: OutboundMock['scenarios'];
  /** Stops intercepting. */
  stop(): void;
  /** A fresh database with the same credentials; scenarios cleared. */
  reset(): Promise<void>;
}

/** Sets up the mock in a browser with a service worker; resolves once it intercepts. */
export async function setupOutboundMock(options: BrowserMockOptions): Promise<BrowserOutboundMock> {
  const sql = await initSqlJs({ locateFile: () => options.wasmUrl });
  const mock = await OutboundMock.create(sql, options);
  const worker = setupWorker(...mock.handlers);
  await worker.start({
    onUnhandledRequest: 'bypass',
    quiet: true,
    serviceWorker: { url: options.serviceWorkerUrl ?? '/mockServiceWorker.js' },
  });
  mock.startBackground();
  return {
    mock,
    get credentials() {
      return mock.credentials;
    },
    get clock() {
      return mock.clock;
    },
    get scenarios() {
      return mock.scenarios;
    },
    stop() {
      mock.stopBackground();
      worker.stop();
    },
    async reset() {
      await mock.reset();
      worker.resetHandlers(...mock.handlers);
    },
  };
}
