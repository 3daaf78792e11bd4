/**
 * One Jest run, four projects: unit tests beside the code (server, seed and common), the web's own
 * hooks and components in a DOM implementation, API suites, browser journeys.
 */
// ts-jest transpiles each file on its own (no type check: `npm run typecheck` does that).
const tsJest = ['ts-jest', { tsconfig: '<rootDir>/tsconfig.jest.json' }];

const shared = {
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': tsJest },
  moduleNameMapper: {
    '^@cym/common$': '<rootDir>/common/src/index.ts',
    // The seed's imports of the server (`@cym/server/<path>`): the same sources the suites import.
    '^@cym/server/(.*)$': '<rootDir>/server/src/$1',
    // See the file: an ES-module-only dependency of @fastify/static that Jest 29 cannot require.
    '^content-disposition$': '<rootDir>/test/support/content-disposition.cjs',
  },
  rootDir: __dirname,
  // StrykerJS works in a copy of the project there (npm run test:mutation).
  modulePathIgnorePatterns: ['<rootDir>/.stryker-tmp/'],
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/.stryker-tmp/'],
};

module.exports = {
  // Starting an app with its database takes seconds on a busy 2-core machine: the default 5 s per
  // hook is a flake, not a speed check (speed is measured under bench/). A hook that times out
  // also leaves its app open and keeps Jest from exiting. With Chromium journeys beside it, an
  // app's start took 35 s in a CI run (2026-11-26): 90 s.
  testTimeout: 90_000,
  // With one worker (2 cores) Jest runs every file inside its own process, and each suite's
  // embedded database and app leave memory behind: the CI run of 2026-11-26 died of heap
  // exhaustion (3.8 GB) after 100 suites. A memory limit makes Jest run the files in a worker
  // and start a fresh one whenever a finished file leaves it above the limit.
  workerIdleMemoryLimit: '1GB',
  // Two suites at a time, also on this 2-core machine: a suite spends much of its time waiting
  // (on Chromium, on its app's start, on sockets and timers), and two workers took `npm test`
  // from about 36 to about 11 minutes (docs/TESTING.md). Each suite keeps its own database and
  // app, and the browser suites share the run's one Chromium through their own contexts.
  maxWorkers: 2,
  // Every suite's time on its PASS/FAIL line, and the fifteen slowest at the end (docs/TESTING.md).
  slowTestThreshold: 0,
  reporters: ['default', '<rootDir>/test/support/timing-reporter.cjs'],
  projects: [
    {
      ...shared,
      displayName: 'unit',
      testMatch: [
        '<rootDir>/common/src/**/*.spec.ts',
        '<rootDir>/server/src/**/*.spec.ts',
        '<rootDir>/seed/src/**/*.spec.ts',
      ],
    },
    {
      ...shared,
      displayName: 'web',
      testEnvironment: 'jsdom',
      transform: { '^.+\\.tsx?$': ['ts-jest', { tsconfig: '<rootDir>/web/tsconfig.jest.json' }] },
      testMatch: ['<rootDir>/web/src/**/*.spec.ts', '<rootDir>/web/src/**/*.spec.tsx'],
      moduleNameMapper: { ...shared.moduleNameMapper, '\\.css$': '<rootDir>/test/support/style-stub.cjs' },
    },
    {
      ...shared,
      displayName: 'api',
      testMatch: ['<rootDir>/test/api/**/*.api-spec.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
    {
      ...shared,
      displayName: 'browser',
      // Node's, plus a flag that says a test failed: its open pages are photographed then.
      testEnvironment: '<rootDir>/test/support/browser-environment.cjs',
      testMatch: ['<rootDir>/test/browser/**/*.browser-spec.ts'],
      // The template database and the run's one Chromium (test/support/browser-server.ts).
      globalSetup: '<rootDir>/test/support/browser-global-setup.ts',
      globalTeardown: '<rootDir>/test/support/browser-global-teardown.ts',
    },
    // Two built server processes behind nginx on PostgreSQL, Redis and a bucket:
    // only when asked (CLUSTER_SUITE=1, as .ci/run does), since it needs those servers.
    ...(process.env.CLUSTER_SUITE === '1'
      ? [{ ...shared, displayName: 'cluster', testMatch: ['<rootDir>/test/cluster/**/*.cluster-spec.ts'] }]
      : []),
  ],
};
