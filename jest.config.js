/** One Jest run, three projects: unit tests beside the code, API suites, browser journeys. */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: false },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

const shared = {
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': swc, '^.+/node_modules/content-disposition/.+\\.js$': swc },
  // content-disposition 3 (under @fastify/static) ships ESM only; compile it to CommonJS for Jest.
  transformIgnorePatterns: ['/node_modules/(?!content-disposition/)'],
  moduleNameMapper: { '^@cym/common$': '<rootDir>/common/src/index.ts' },
  rootDir: __dirname,
};

module.exports = {
  projects: [
    { ...shared, displayName: 'unit', testMatch: ['<rootDir>/common/src/**/*.spec.ts', '<rootDir>/server/src/**/*.spec.ts'] },
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
      testMatch: ['<rootDir>/test/browser/**/*.browser-spec.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
  ],
};
