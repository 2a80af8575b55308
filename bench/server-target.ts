// One server of the server benchmark, in its own process: `tsx server-target.ts <kind> <db> <port>`.
// Prints "ready" once listening. Kinds:
//   node-http    bare node:http hello
//   hono         bare Hono hello on @hono/node-server
//   floor        bare Hono + better-sqlite3: each route runs the same domain code (same queries,
//                same JSON) as the real route, with no auth, validation, rate limiting or logging
//   outbound     the real server: createApp with auth, validation, rate limits, request logs
import { createServer } from 'node:http';
import { serve } from '@hono/node-server';
import { createApp } from '@outbound/server';
import { listen, openDatabase } from '@outbound/server/node';
import { Hono } from 'hono';
import pino from 'pino';
// Domain functions of the server, for the floor (the same code the routes call).
import { previewCredits } from '../packages/server/src/domain/credits.js';
import { listSenderAccounts } from '../packages/server/src/domain/sender-accounts.js';
import { addNode } from '../packages/server/src/domain/sequence.js';
import { listThreads } from '../packages/server/src/domain/threads.js';

const [kind, dbFile, portArg, userId] = process.argv.slice(2);
const port = Number(portArg);
const ready = () => process.stdout.write('ready\n');
// A clean exit on SIGINT (so --cpu-prof can write its profile).
process.on('SIGINT', () => process.exit(0));

if (kind === 'node-http') {
  const body = JSON.stringify({ hello: 'world' });
  createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  }).listen(port, '127.0.0.1', ready);
} else if (kind === 'hono') {
  const app = new Hono();
  app.get('/', (c) => c.json({ hello: 'world' }));
  serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, ready);
} else {
  const opened = openDatabase(dbFile!);
  // Request logs go through pino as in production, to a sink instead of a terminal.
  const logger = pino({ level: 'info', base: undefined }, pino.destination({ dest: '/dev/null', sync: false }));
  const app = createApp({
    db: opened.db,
    logger,
    // Rate limiting stays on (its cost is measured) with a limit the benchmark never reaches.
    config: { rateLimit: { limit: 100_000_000, windowMs: 60_000 } },
  });
  if (kind === 'outbound') {
    await listen(app, { port, hostname: '127.0.0.1' });
    ready();
  } else {
    const ctx = app.ctx;
    const uid = userId!;
    const floor = new Hono();
    floor.get('/api/accounts', (c) => c.json({ accounts: listSenderAccounts(ctx, uid, undefined) }));
    floor.post('/api/credits/preview', async (c) => {
      const b = (await c.req.json()) as { action: 'EMAIL_LOOKUP'; count: number };
      return c.json(await previewCredits(ctx, { userId: uid }, b.action, b.count));
    });
    floor.get('/api/threads', (c) => c.json(listThreads(ctx, uid, { page: 1, limit: Number(c.req.query('limit')) })));
    floor.post('/api/campaigns/:id/sequence/nodes', async (c) => {
      const b = (await c.req.json()) as { type: 'email'; subject: string; body: string };
      return c.json(addNode(ctx, uid, c.req.param('id'), b), 201);
    });
    serve({ fetch: floor.fetch, port, hostname: '127.0.0.1' }, ready);
  }
}
