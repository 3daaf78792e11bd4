// `npm run bench`: every benchmark under bench/, one after the other. Not part of the tests.
import { run } from '../scripts/lib.mjs';

for (const script of ['bench/api-latency.mjs', 'bench/page-weight.mjs', 'bench/browse.mjs', 'bench/admin.mjs']) {
  console.log(`\n### ${script}`);
  const code = await run(process.execPath, [script]);
  if (code !== 0) process.exit(code);
}
