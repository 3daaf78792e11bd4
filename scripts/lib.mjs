import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

export async function mustRun(command, args, options) {
  const code = await run(command, args, options);
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${code}`);
}

/** Newest modification time of the files under the given paths. */
export function newest(...paths) {
  let latest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) if (entry !== 'node_modules' && entry !== 'dist') visit(join(path, entry));
    } else latest = Math.max(latest, stat.mtimeMs);
  };
  paths.forEach((p) => visit(join(ROOT, p)));
  return latest;
}

/** True when the output is missing or older than any of its sources. */
export function stale(output, ...sources) {
  const out = join(ROOT, output);
  if (!existsSync(out)) return true;
  return statSync(out).mtimeMs < newest(...sources);
}

/**
 * True when common or the server (with the migrations) changed since their last `tsc -b`, whose
 * build info is written into each dist/ on every build.
 */
export const serverStale = () =>
  stale('common/dist/.tsbuildinfo', 'common/src', 'common/tsconfig.json') ||
  stale('server/dist/.tsbuildinfo', 'server/src', 'migrations', 'common/src', 'server/tsconfig.json');

/** True when the demo seed changed since its last `tsc -b`. */
export const seedStale = () => stale('seed/dist/.tsbuildinfo', 'seed/src', 'seed/tsconfig.json');

/** Builds the workspaces whose output is missing or older than their sources. */
export async function buildWhatIsMissing() {
  // The seed's `tsc -b` builds common and the server first (project references), and itself
  // again when the server's declarations changed.
  if (serverStale() || seedStale()) await mustRun('npm', ['run', 'build', '-w', 'seed']);
  // The browser's build and the server render's (web/dist-ssr) come from the same sources.
  const webSources = ['web/src', 'web/index.html', 'web/public', 'web/vite.config.ts', 'common/src'];
  if (stale('web/dist/index.html', ...webSources) || stale('web/dist-ssr/entry-server.cjs', ...webSources))
    await mustRun('npm', ['run', 'build', '-w', 'web']);
}

/**
 * Runs the demo seed's CLI (seed/) before the server: it fills an empty database with the demo
 * data when the configuration asks for it (SEED_DEMO; by default on the embedded database, never
 * in production) and does nothing otherwise. Resolves with its exit code.
 */
export function seedDemoIfConfigured(env = process.env) {
  return run(process.execPath, ['seed/dist/seed-demo.js', '--if-configured'], { env });
}
