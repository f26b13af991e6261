/**
 * Every test of the package; `npm test` runs lint, type-check and generated/ staleness first. The server's
 * tests (server/, and the fuzz tests that hold server behaviour across instances) run twice: on SQLite, and
 * on PostgreSQL in a throwaway cluster the global setup starts.
 */
const common = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': ['@swc/jest'],
    // @scalar/snippetz (the docs' code samples) ships only ES modules: compiled to CommonJS for jest.
    '/node_modules/@scalar/.+\\.js$': ['@swc/jest', { module: { type: 'commonjs' } }],
  },
  transformIgnorePatterns: ['/node_modules/(?!@scalar/)'],
  testPathIgnorePatterns: ['/node_modules/', '/.data/'],
};

module.exports = {
  testTimeout: 30000,
  // Two test files at once on CI's two cores. Three ran up to two minutes faster, but once stalled every
  // PostgreSQL suite of two instances at start (their hooks past 30 s) beside the one that stops a backend.
  maxWorkers: 2,
  globalSetup: '<rootDir>/server/testing/jest-global-setup.ts',
  globalTeardown: '<rootDir>/server/testing/jest-global-teardown.ts',
  projects: [
    {
      ...common,
      displayName: 'sqlite',
      testMatch: ['<rootDir>/**/*.test.ts'],
      // Several instances on one database, and the listener that tells each of the others' changes:
      // PostgreSQL's (one SQLite file serves one server process). The comparison of the two stores' schemas
      // migrates both itself: it runs once, in the PostgreSQL project.
      testPathIgnorePatterns: [
        ...common.testPathIgnorePatterns,
        '/server/instances\\.test\\.ts$',
        '/server/partner-sandbox-instances\\.test\\.ts$',
        '/server/revoked-everywhere\\.test\\.ts$',
        '/server/operations-instances\\.test\\.ts$',
        '/server/store/schemas\\.test\\.ts$',
      ],
    },
    {
      ...common,
      displayName: 'postgres',
      setupFiles: ['<rootDir>/server/testing/use-postgres.ts'],
      // The drift check's own tests of the rate limit and the rules it holds the reference server to, whose
      // counters and state are the store's, run here too (their reference server inherits TEST_DATABASE).
      testMatch: [
        '<rootDir>/server/**/*.test.ts',
        '<rootDir>/fuzz/concurrency.test.ts',
        '<rootDir>/fuzz/crash.test.ts',
        '<rootDir>/contract-tests/generated-requests/pacing.test.ts',
        '<rootDir>/contract-tests/drift-boundaries.test.ts',
      ],
      // SQLite's own data file and its upgrade from the 1.6.0 release; and what touches no store (the contract
      // files, the configuration, the request edge over fake ports, the docs' routes, the scaffolded project)
      // or only through routes held on both stores elsewhere (the sandbox command, a client of /sandbox, whose
      // routes sandbox/router.test.ts runs here; and the partner portal, another client of /sandbox, whose run in the
      // browser would cost a second minute and a half).
      testPathIgnorePatterns: [
        ...common.testPathIgnorePatterns,
        '/server/portal/',
        '/server/store/sqlite/',
        '/server/sqlite-owner\\.test\\.ts$',
        '/server/(contracts|config|docs-site|app-server|validator-route|system|error-codes)\\.test\\.ts$',
        '/server/edge/edge\\.test\\.ts$',
        '/server/scaffold/scaffold\\.test\\.ts$',
        '/server/cli/sandbox\\.test\\.ts$',
      ],
    },
  ],
};
