/** Every test of the package; `npm test` runs lint, type-check and generated/ staleness first. */
module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': ['@swc/jest'],
    // @scalar/snippetz (the docs' code samples) ships only ES modules: compiled to CommonJS for jest.
    '/node_modules/@scalar/.+\\.js$': ['@swc/jest', { module: { type: 'commonjs' } }],
  },
  transformIgnorePatterns: ['/node_modules/(?!@scalar/)'],
  testMatch: ['<rootDir>/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/.data/'],
  testTimeout: 30000,
  maxWorkers: 2,
};
