import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

/**
 * The built server (server/dist) and its CLIs run as real processes, with their own environment
 * and their own log, for suites about how a process starts, refuses, dies and logs.
 */
export const ROOT = join(__dirname, '../..');
export const SERVER_MAIN = 'server/dist/server/src/main.js';

export interface Launched {
  child: ChildProcess;
  pid: number;
  /** Everything the process wrote so far, stdout and stderr together. */
  output(): string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Starts `node script args` from the repository root with only PATH, HOME and `env`. */
export function launch(script: string, args: string[], env: Record<string, string>): Launched {
  const child = spawn(process.execPath, [script, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, pid: child.pid as number, output: () => output, exit };
}

/** The server on a free port, once /api/health answers; fails with its output if it exits or hangs. */
export async function startServer(env: Record<string, string>): Promise<Launched & { url: string }> {
  const port = await freePort();
  const server = launch(SERVER_MAIN, [], { PORT: String(port), ...env });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.child.exitCode !== null) throw new Error(`the server exited:\n${server.output()}`);
    const up = await fetch(`${url}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) return { ...server, url };
    if (Date.now() > deadline) {
      server.child.kill('SIGKILL');
      throw new Error(`the server did not answer in 60 s:\n${server.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** Waits until `check` holds, asking every 200 ms; fails naming `what` after `ms`. */
export async function waitFor(check: () => Promise<boolean>, what: string, ms = 30_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Ends a launched process (SIGTERM) and waits for it; nothing when it already ended. */
export async function stopProcess(launched: Launched | undefined): Promise<void> {
  if (!launched || launched.child.exitCode !== null || launched.child.signalCode !== null) return;
  launched.child.kill('SIGTERM');
  await launched.exit;
}

/**
 * The spawned processes run server/dist: rebuild when a source is newer than its build (`npm test`
 * builds whatever is missing before Jest; a direct `npx jest` may not have).
 */
export function buildServerIfStale(sources: string[]): void {
  buildIfStale('server', sources, (source) => join('server/dist/server', source));
}

/** The same for the demo seed's CLI (seed/dist). */
export function buildSeedIfStale(sources: string[]): void {
  buildIfStale('seed', sources, (source) => join('seed/dist', source.replace(/^src\//, '')));
}

/** `sources` are relative to the workspace; `output` names where the build writes each one. */
function buildIfStale(workspace: 'server' | 'seed', sources: string[], output: (source: string) => string): void {
  const stale = (source: string) => {
    const built = join(ROOT, output(source).replace(/\.ts$/, '.js'));
    return !existsSync(built) || statSync(built).mtimeMs < statSync(join(ROOT, workspace, source)).mtimeMs;
  };
  // A workspace's `tsc -b` builds what it references first (common; the seed: the server too).
  if (!existsSync(join(ROOT, 'common/dist/index.js')) || sources.some(stale))
    execFileSync('npm', ['run', 'build', '-w', workspace], { cwd: ROOT, stdio: 'inherit' });
}
