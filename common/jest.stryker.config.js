/**
 * Jest for mutation testing (stryker.config.mjs): only common's unit tests, with the root
 * config's ts-jest transform (tsconfig.jest.json: one file at a time, no type check). Stryker
 * runs it inside its sandbox, a copy of common/ and the tsconfig files only.
 */
module.exports = {
  rootDir: `${__dirname}/..`,
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.jest.json' }] },
  testMatch: ['<rootDir>/common/src/**/*.spec.ts'],
  // The voseo guard reads the web's and the server's sources, which the sandbox does not hold;
  // it checks wording, not behaviour, so it can kill no mutant.
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/common/src/voseo\\.spec\\.ts$'],
};
