// The real server: a SQLite file, a loopback port, HTTP.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderEmbeddedMigrations } from '../scripts/embed-migrations.js';
import { createApp } from '../src/app.js';
import { MIGRATIONS } from '../src/db/migrations.generated.js';
import { parseEnv } from '../src/env.js';
import { listen, openDatabase } from '../src/node.js';
import { seed } from '../src/seed.js';

describe('the server over loopback HTTP', () => {
  it('serves the app from a SQLite file on a loopback port', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'outbound-server-'));
    const opened = openDatabase(join(dir, 'outbound.db'));
    const app = createApp({ db: opened.db, config: { passwordIterations: 1000 } });
    const demo = await seed(app.ctx);
    const { server, port } = await listen(app, { port: 0, hostname: '127.0.0.1' });
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/accounts?type=email`, {
        headers: { authorization: `Bearer ${demo.apiKey}` },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-request-id')).toBeTruthy();
      const body = (await res.json()) as { accounts: { type: string }[] };
      expect(body.accounts.map((a) => a.type)).toEqual(['email']);
      const unauth = await fetch(`http://127.0.0.1:${port}/api/account`);
      expect(unauth.status).toBe(401);
      expect(opened.sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(opened.sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    } finally {
      server.close();
      opened.close();
    }
  });

  it('outbound-server start seeds a new database and prints the base URL, both keys and a first curl', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'outbound-cli-'));
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--conditions=source',
        join(__dirname, '../src/main.ts'),
        'start',
        '--seed-if-new',
        '--port',
        '0',
      ],
      { cwd: join(__dirname, '..'), env: { ...process.env, OUTBOUND_DB: join(dir, 'db.sqlite'), LOG_LEVEL: 'silent' } },
    );
    let out = '';
    child.stdout.on('data', (d) => {
      out += String(d);
    });
    try {
      const deadline = Date.now() + 20_000;
      while (!out.includes('curl')) {
        if (Date.now() > deadline) throw new Error(`no banner: ${out}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      const base = /Base URL\s+(\S+)/.exec(out)?.[1];
      const key = /API key\s+(pk_live_\S+)/.exec(out)?.[1];
      expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(out).toMatch(/Partner key\s+ptk_live_\S+/);
      expect(out).toContain(`curl -s ${base}/api/accounts -H "Authorization: Bearer ${key}"`);
      const res = await fetch(`${base}/api/account`, { headers: { authorization: `Bearer ${key}` } });
      expect(res.status).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
  });
});

describe('TLS', () => {
  it('serves HTTPS when a certificate and key are configured', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'outbound-tls-'));
    const cert = join(dir, 'cert.pem');
    const key = join(dir, 'key.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { stdio: 'ignore' },
    );
    const opened = openDatabase(join(dir, 'db.sqlite'));
    const app = createApp({ db: opened.db, config: { passwordIterations: 1000 } });
    const demo = await seed(app.ctx);
    const { server, port } = await listen(app, {
      port: 0,
      hostname: '127.0.0.1',
      tls: { cert: readFileSync(cert), key: readFileSync(key) },
    });
    try {
      const status = await new Promise<number>((resolve, reject) => {
        const req = httpsRequest(
          {
            host: '127.0.0.1',
            port,
            path: '/api/account',
            ca: readFileSync(cert),
            headers: { authorization: `Bearer ${demo.apiKey}` },
          },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('error', reject);
        req.end();
      });
      expect(status).toBe(200);
    } finally {
      server.close();
      opened.close();
    }
  });
});

describe('configuration and migrations', () => {
  it('the environment is validated once, with clear messages', () => {
    expect(parseEnv({}).PORT).toBe(8787);
    expect(parseEnv({}).OUTBOUND_DB).toBe('./data/outbound.db');
    expect(() => parseEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => parseEnv({ OUTBOUND_TLS_CERT: 'cert.pem' })).toThrow(/go together/);
    expect(parseEnv({ OUTBOUND_TRUSTED_PROXIES: '10.0.0.1, 10.0.0.2' }).OUTBOUND_TRUSTED_PROXIES).toEqual([
      '10.0.0.1',
      '10.0.0.2',
    ]);
  });

  it('the embedded migrations match the committed drizzle-kit migrations', () => {
    const file = readFileSync(fileURLToPath(new URL('../src/db/migrations.generated.ts', import.meta.url)), 'utf8');
    expect(file).toBe(renderEmbeddedMigrations());
    expect(MIGRATIONS.length).toBeGreaterThan(0);
  });

  it('migrating twice is a no-op', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'outbound-migrate-')), 'db.sqlite');
    const count = (o: ReturnType<typeof openDatabase>) =>
      (o.sqlite.prepare("select count(*) n from sqlite_master where type='table'").get() as { n: number }).n;
    const first = openDatabase(path);
    const tables = count(first);
    first.close();
    const second = openDatabase(path);
    expect(count(second)).toBe(tables);
    expect(tables).toBeGreaterThan(15);
    expect((second.sqlite.prepare('select count(*) n from __drizzle_migrations').get() as { n: number }).n).toBe(
      MIGRATIONS.length,
    );
    second.close();
  });
});
