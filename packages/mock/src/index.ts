// Runtime-neutral core of the mock; use `@outbound/mock/node` or `@outbound/mock/browser` to intercept.
export { type JobDriver, VirtualClock } from './clock.js';
export { type MockCredentials, type MockOptions, OutboundMock } from './core.js';
export { MOCK_WEBHOOK_SECRET, type SignedDelivery, signWebhook } from './events.js';
export { Scenarios } from './scenarios.js';
