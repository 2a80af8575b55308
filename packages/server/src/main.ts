#!/usr/bin/env node
// outbound-server: the reference server's command line. Reads the environment once (zod-validated).
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { createApp } from './app.js';
import { partners, users } from './db/schema.js';
import { createApiKey, createPartnerKey, revokeApiKey } from './domain/keys.js';
import { type Env, parseEnv } from './env.js';
import { FileMailLog, listen, NodeWebhookSender, openApiDocument, openDatabase, SmtpMail } from './node.js';
import { seed } from './seed.js';

const USAGE = `Usage: outbound-server <command> [options]

Commands:
  start                 migrate, then serve (--seed-if-new seeds an empty database first)
  migrate               apply pending migrations
  seed                  create the demo user, keys, senders, list, workflow and signals
  keys create|revoke    create or revoke the API key of --email (default demo@outbound.local)
  partner-keys create   create a partner and its key (--name, --credits for research, default 1000)

Options (or environment):
  --port PORT  --host HOST  --db OUTBOUND_DB  --base-url OUTBOUND_BASE_URL
  --tls-cert OUTBOUND_TLS_CERT  --tls-key OUTBOUND_TLS_KEY  --log-level LOG_LEVEL
  --mode OUTBOUND_MODE (production | development | test)`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    port: { type: 'string' },
    host: { type: 'string' },
    db: { type: 'string' },
    'base-url': { type: 'string' },
    'tls-cert': { type: 'string' },
    'tls-key': { type: 'string' },
    'log-level': { type: 'string' },
    mode: { type: 'string' },
    'seed-if-new': { type: 'boolean' },
    email: { type: 'string' },
    name: { type: 'string' },
    credits: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});

function env(): Env {
  const flags: Record<string, string | undefined> = {
    PORT: values.port,
    HOST: values.host,
    OUTBOUND_DB: values.db,
    OUTBOUND_BASE_URL: values['base-url'],
    OUTBOUND_TLS_CERT: values['tls-cert'],
    OUTBOUND_TLS_KEY: values['tls-key'],
    LOG_LEVEL: values['log-level'],
    OUTBOUND_MODE: values.mode,
  };
  const merged = { ...process.env };
  for (const [k, v] of Object.entries(flags)) if (v !== undefined) merged[k] = v;
  return parseEnv(merged);
}

function appFor(e: Env, db: ReturnType<typeof openDatabase>['db'], port?: number) {
  const scheme = e.OUTBOUND_TLS_CERT ? 'https' : 'http';
  const baseUrl = e.OUTBOUND_BASE_URL ?? `${scheme}://${e.HOST === '0.0.0.0' ? '127.0.0.1' : e.HOST}:${port ?? e.PORT}`;
  const logger = pino({
    level: e.LOG_LEVEL,
    base: undefined,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
  });
  const mail = e.OUTBOUND_SMTP_URL
    ? new SmtpMail(e.OUTBOUND_SMTP_URL)
    : e.OUTBOUND_MAIL_LOG
      ? new FileMailLog(e.OUTBOUND_MAIL_LOG)
      : undefined;
  return createApp({
    db,
    logger,
    openapi: openApiDocument,
    providers: {
      ...(mail ? { mail } : {}),
      webhooks: new NodeWebhookSender({ allowPrivate: e.OUTBOUND_MODE !== 'production' }),
    },
    config: {
      ...(e.OUTBOUND_CAMPAIGN_TICK_MS ? { campaignTickMs: e.OUTBOUND_CAMPAIGN_TICK_MS } : {}),
      ...(e.OUTBOUND_JOB_LEASE_MS ? { jobLeaseMs: e.OUTBOUND_JOB_LEASE_MS } : {}),
      ...(e.OUTBOUND_WEBHOOK_TIMEOUT_MS ? { webhookTimeoutMs: e.OUTBOUND_WEBHOOK_TIMEOUT_MS } : {}),
      ...(e.OUTBOUND_WEBHOOK_RETRY_BASE_MS ? { webhookRetryBaseMs: e.OUTBOUND_WEBHOOK_RETRY_BASE_MS } : {}),
      baseUrl,
      mode: e.OUTBOUND_MODE,
      trustedProxies: e.OUTBOUND_TRUSTED_PROXIES,
      ...(e.OUTBOUND_PROVIDER_SECRET ? { providerSecret: e.OUTBOUND_PROVIDER_SECRET } : {}),
      ...(e.OUTBOUND_RATE_LIMIT !== undefined
        ? { rateLimit: e.OUTBOUND_RATE_LIMIT === 0 ? false : { limit: e.OUTBOUND_RATE_LIMIT, windowMs: 60_000 } }
        : {}),
    },
  });
}

const print = (line = '') => process.stdout.write(`${line}\n`);

async function start(e: Env): Promise<void> {
  const opened = openDatabase(e.OUTBOUND_DB);
  const isNew = opened.db.select({ id: users.id }).from(users).limit(1).get() === undefined;
  const tls = e.OUTBOUND_TLS_CERT
    ? { cert: readFileSync(e.OUTBOUND_TLS_CERT), key: readFileSync(e.OUTBOUND_TLS_KEY!) }
    : undefined;
  // Port 0 picks a free port; the base URL is then known only after listening.
  let app = appFor(e, opened.db);
  const { server, port } = await listen(app, { port: e.PORT, hostname: e.HOST, ...(tls ? { tls } : {}) });
  if (e.PORT === 0 && !e.OUTBOUND_BASE_URL) {
    app = appFor(e, opened.db, port);
    server.removeAllListeners('request');
    server.on('request', (await import('@hono/node-server')).getRequestListener(app.hono.fetch));
  }
  const seeded = isNew && values['seed-if-new'] ? await seed(app.ctx) : undefined;
  app.runner.start(Math.min(250, app.ctx.config.campaignTickMs));
  app.webhooks.start();
  const base = app.ctx.config.baseUrl;
  print('Outbound reference server');
  print(`  Base URL      ${base}`);
  print(`  Database      ${e.OUTBOUND_DB}`);
  print(`  Mode          ${e.OUTBOUND_MODE}`);
  if (seeded) {
    print(`  API key       ${seeded.apiKey}`);
    print(`  Partner key   ${seeded.partnerKey}`);
    print(`  Dashboard     ${seeded.email} / ${seeded.password}`);
    print('  (Keys are shown only now: the database keeps only their hashes.)');
    print();
    print('Try:');
    print(`  curl -s ${base}/api/accounts -H "Authorization: Bearer ${seeded.apiKey}"`);
  } else {
    print('  Keys are shown only when created. For a new API key:');
    print('    pnpm server keys revoke && pnpm server keys create');
    print();
    print('Try:');
    print(`  curl -s ${base}/api/accounts -H "Authorization: Bearer $OUTBOUND_API_KEY"`);
  }
  print();
  const stop = async () => {
    await app.runner.stop();
    await app.webhooks.stop();
    server.close();
    opened.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

async function main(): Promise<void> {
  const [command, sub] = positionals;
  if (values.help || !command) {
    print(USAGE);
    return;
  }
  const e = env();
  if (command === 'start') return start(e);
  const opened = openDatabase(e.OUTBOUND_DB);
  const app = appFor(e, opened.db);
  try {
    if (command === 'migrate') {
      print(`migrated ${e.OUTBOUND_DB}`);
    } else if (command === 'seed') {
      const s = await seed(app.ctx);
      print(`API key      ${s.apiKey}`);
      print(`Partner key  ${s.partnerKey}`);
      print(`Dashboard    ${s.email} / ${s.password}`);
    } else if (command === 'keys' && (sub === 'create' || sub === 'revoke')) {
      const email = (values.email ?? 'demo@outbound.local').toLowerCase();
      const user = opened.db.select().from(users).where(eq(users.email, email)).get();
      if (!user) throw new Error(`no account with email ${email}`);
      if (sub === 'create') print((await createApiKey(app.ctx, user.id)).key);
      else print(`revoked ${revokeApiKey(app.ctx, user.id).id}`);
    } else if (command === 'partner-keys' && sub === 'create') {
      const p = await createPartnerKey(app.ctx, values.name ?? 'Partner');
      const credits = Number(values.credits ?? 1000);
      opened.db
        .update(partners)
        .set({ creditBalance: Number.isFinite(credits) ? credits : 1000 })
        .where(eq(partners.id, p.partnerId))
        .run();
      print(`Partner id   ${p.partnerId}`);
      print(`Partner key  ${p.key}`);
    } else {
      print(USAGE);
      process.exitCode = 2;
    }
  } finally {
    opened.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
