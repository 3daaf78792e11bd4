// `npm test`: builds what is missing, checks the generated API client is current, then runs
// every Jest project (unit tests, API suites on a disposable embedded database, browser
// journeys in Chromium) and ends with one line `N passed, N failed`.
// Arguments are passed to Jest, e.g. `npm test -- --selectProjects api`, except ours:
// --skip-api-check, and --both-engines: only the API tests tagged `bothEngines(…)`
// (test/support/engines.ts), the second pass of .ci/run on PostgreSQL.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildWhatIsMissing, mustRun, ROOT, run } from './lib.mjs';

const args = process.argv.slice(2);
const label = process.env.TEST_LABEL ?? 'embedded';
const resultsDir = join(ROOT, 'test-results');
mkdirSync(resultsDir, { recursive: true });
const report = join(resultsDir, `jest-${label}.json`);

await buildWhatIsMissing();
if (!args.includes('--skip-api-check')) await mustRun(process.execPath, ['scripts/api-generate.mjs', '--check']);

const jestArgs = args.filter((arg) => arg !== '--skip-api-check' && arg !== '--both-engines');
if (args.includes('--both-engines')) {
  // Only the files holding a tagged test are loaded; within them, only the tagged tests run (a
  // describe block whose tests are all filtered out runs none of its hooks).
  const apiDir = join(ROOT, 'test/api');
  const files = readdirSync(apiDir)
    .filter((name) => name.endsWith('.api-spec.ts'))
    .map((name) => join(apiDir, name))
    .filter((file) => readFileSync(file, 'utf8').includes('bothEngines('));
  jestArgs.push('--testNamePattern', '\\[both engines\\]', '--runTestsByPath', ...files);
}
const code = await run(
  process.execPath,
  ['node_modules/jest/bin/jest.js', '--json', `--outputFile=${report}`, ...jestArgs],
  {
    // PGlite loads its WebAssembly with a dynamic import, which Jest's VM allows only with this flag.
    env: {
      ...process.env,
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules --no-warnings`.trim(),
    },
  },
);

let passed = 0;
let failed = 0;
if (existsSync(report)) {
  const result = JSON.parse(readFileSync(report, 'utf8'));
  passed = result.numPassedTests;
  failed = result.numFailedTests + (result.numRuntimeErrorTestSuites ?? 0);
}
writeFileSync(join(resultsDir, `totals-${label}.json`), JSON.stringify({ passed, failed }));
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(code !== 0 || failed > 0 ? 1 : 0);
