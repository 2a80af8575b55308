// Browser-safe entry: the app factory and what the mock and tests need. No Node imports here.
export { type CreateAppOptions, createApp, type OutboundApp } from './app.js';
export { type Clock, ManualClock, systemClock } from './clock.js';
export type { AppContext, Principal } from './context.js';
export type { Db } from './db/client.js';
export { migrate } from './db/migrate.js';
export * as tables from './db/schema.js';
export { defaultConfig, type ServerConfig } from './defaults.js';
export { renderError } from './http/errors.js';
export { type Job, JobRunner } from './jobs/runner.js';
export { HttpError } from './lib/http-error.js';
export { parseDuration } from './lib/time.js';
export type { Logger } from './logger.js';
export * from './providers/index.js';
export { type SeedResult, seed } from './seed.js';
