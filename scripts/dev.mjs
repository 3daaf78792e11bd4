// `npm run dev`: common and the server recompile on change and the server restarts (tsc -b --watch + node --watch),
// and Vite serves the SPA with hot reload on http://localhost:5173, proxying /api to the server.
import { spawn } from 'node:child_process';
import { buildWhatIsMissing, ROOT, seedDemoIfConfigured } from './lib.mjs';

await buildWhatIsMissing();
// Once, before the server: the demo data only ever goes into an empty database.
const seeded = await seedDemoIfConfigured();
if (seeded !== 0) process.exit(seeded);
const children = [
  // One watcher for both: the server's project references common.
  spawn('npx', ['tsc', '-b', 'server', '--watch', '--preserveWatchOutput'], {
    cwd: ROOT,
    stdio: 'inherit',
  }),
  spawn(process.execPath, ['--watch-path=server/dist', '--watch-path=common/dist', 'server/dist/server/src/main.js'], {
    cwd: ROOT,
    stdio: 'inherit',
  }),
  spawn('npx', ['vite', '--host', '127.0.0.1'], { cwd: `${ROOT}/web`, stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
