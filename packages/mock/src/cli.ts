#!/usr/bin/env node
// outbound-mock: the mock over HTTP on loopback, for curl and clients in other languages.
import { parseArgs } from 'node:util';
import { serve } from '@hono/node-server';
import initSqlJs from 'sql.js';
import { OutboundMock } from './core.js';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.PORT ?? '8788' },
    host: { type: 'string', default: '127.0.0.1' },
    seed: { type: 'string', default: '1' },
    help: { type: 'boolean', short: 'h' },
  },
});

if (values.help) {
  process.stdout.write('Usage: outbound-mock [--port 8788] [--host 127.0.0.1] [--seed 1]\n');
  process.exit(0);
}

const port = Number(values.port);
const baseUrl = `http://${values.host}:${port}`;
const mock = await OutboundMock.create(await initSqlJs(), { baseUrl, timing: 'instant', seed: Number(values.seed) });
serve({ fetch: (req) => mock.fetch(req), port, hostname: values.host }, (info) => {
  const c = mock.credentials;
  const lines = [
    'Outbound mock (in-memory, instant timing, seeded)',
    `  Base URL      http://${values.host}:${info.port}`,
    `  API key       ${c.apiKey}`,
    `  Partner key   ${c.partnerKey}`,
    '',
    'Try:',
    `  curl -s http://${values.host}:${info.port}/api/accounts -H "Authorization: Bearer ${c.apiKey}"`,
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
});
