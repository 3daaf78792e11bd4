// @ts-check
/**
 * Mutation testing of the shared rules (common/): `npm run test:mutation` (docs/TESTING.md,
 * "Mutation testing (common/)"). Not part of `npm test` nor of CI: a full run takes minutes.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  mutate: [
    'common/src/**/*.ts',
    '!common/src/**/*.spec.ts',
    // Re-exports only.
    '!common/src/index.ts',
    // Data, not rules: generated phone metadata (libphonenumber-js's, cut to Argentina), the
    // product's name and storage key, the notification kinds, defaults, limits and texts.
    '!common/src/phone-metadata.ts',
    '!common/src/product.ts',
    '!common/src/notifications.ts',
  ],
  // Literal tables inside rule files are data too: the catalog's lists, site-pages' titles,
  // descriptions and dates, landing pages' slugs, the nationality list, the audit log's and
  // wages' labels. scripts/stryker-data-tables.mjs reports their mutants as Ignored, while the
  // functions beside them (pageTitle, matchRoute, placeSlug, dayDisplay...) stay mutated. The
  // `... as const` message tables need nothing: Stryker never mutates inside an `as` expression.
  plugins: ['@stryker-mutator/*', './scripts/stryker-data-tables.mjs'],
  ignorers: ['data-tables'],
  testRunner: 'jest',
  jest: {
    projectType: 'custom',
    configFile: 'common/jest.stryker.config.js',
    enableFindRelatedTests: true,
  },
  coverageAnalysis: 'perTest',
  // Mutants that do not type-check are dropped before any test runs (CompileError, not counted).
  checkers: ['typescript'],
  tsconfigFile: 'common/tsconfig.json',
  // ts-jest only transpiles (tsconfig.jest.json): no type error can fail a test run anyway.
  disableTypeChecks: false,
  // The sandbox is a copy of what the tests need (common/ and the tsconfig chain that
  // tsconfig.jest.json extends), not of the whole repository; node_modules is linked.
  ignorePatterns: [
    '/*',
    '!/common',
    '!/package.json',
    '!/tsconfig.base.json',
    '!/tsconfig.jest.json',
    '!/test',
    '/test/*',
    '!/test/tsconfig.json',
    '!/server',
    '/server/*',
    '!/server/tsconfig.json',
    '/common/dist',
  ],
  // Two cores shared with others.
  concurrency: 1,
  // Re-runs test only the mutants whose code or tests changed (reports/ is git-ignored).
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 90, low: 80, break: null },
  tempDirName: '.stryker-tmp',
};
