// Runs every example against a freshly started reference server (what CI does):
// a new SQLite file, development mode (local webhook receivers), the printed keys.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXAMPLES } from '../src/list.js';

const dir = mkdtempSync(join(tmpdir(), 'outbound-examples-'));
const server = spawn(
  'pnpm',
  [
    '--silent',
    '--filter',
    '@outbound/server',
    'exec',
    'tsx',
    '--conditions=source',
    'src/main.ts',
    'start',
    '--seed-if-new',
    '--mode',
    'development',
  ],
  {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      OUTBOUND_DB: join(dir, 'outbound.db'),
      LOG_LEVEL: 'warn',
      OUTBOUND_CAMPAIGN_TICK_MS: '1000',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  },
);

const banner = await new Promise<string>((resolve, reject) => {
  let out = '';
  const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 60_000);
  server.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    if (out.includes('Try:')) {
      clearTimeout(timer);
      resolve(out);
    }
  });
  server.on('exit', (code) => reject(new Error(`server exited (${code}):\n${out}`)));
});
const line = (label: string) => {
  const m = new RegExp(`${label}\\s+(\\S+)`).exec(banner);
  if (!m?.[1]) throw new Error(`no "${label}" in the server banner:\n${banner}`);
  return m[1];
};
const env = {
  ...process.env,
  OUTBOUND_BASE_URL: line('Base URL'),
  OUTBOUND_API_KEY: line('API key'),
  OUTBOUND_PARTNER_KEY: line('Partner key'),
};

const failed: string[] = [];
try {
  for (const name of EXAMPLES) {
    console.log(`\n━━ pnpm example ${name} (against ${env.OUTBOUND_BASE_URL})`);
    const code = await new Promise<number | null>((resolve) => {
      const child = spawn('pnpm', ['--silent', 'example', name], { env, stdio: 'inherit' });
      const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
      child.on('exit', (c) => {
        clearTimeout(timer);
        resolve(c);
      });
    });
    if (code !== 0) failed.push(name);
  }
} finally {
  if (server.pid) process.kill(-server.pid, 'SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}
console.log(
  `\nexamples against the server: ${EXAMPLES.length - failed.length} passed, ${failed.length} failed${failed.length ? ` (${failed.join(', ')})` : ''}`,
);
process.exit(failed.length ? 1 : 0);
