/** Every test of the package; `npm test` runs lint, type-check and generated/ staleness first. */
module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': ['@swc/jest'] },
  testMatch: ['<rootDir>/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/.data/'],
  testTimeout: 30000,
  maxWorkers: 2,
};
