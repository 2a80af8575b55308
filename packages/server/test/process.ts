// The real server as a child process, for crash tests: start it, kill -9 it, wait for a condition.
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

/** `outbound-server start` on a free port with the given environment, output discarded. */
export function startServer(env: Record<string, string>): ChildProcess {
  return spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions=source', join(__dirname, '../src/main.ts'), 'start', '--port', '0'],
    { cwd: join(__dirname, '..'), stdio: 'ignore', env: { ...process.env, LOG_LEVEL: 'silent', ...env } },
  );
}

/** SIGKILL: no shutdown hook runs, as in a crash. */
export async function kill(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;
}

export async function until(check: () => boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
