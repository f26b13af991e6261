// Setup file of the jest project that runs the server's tests against PostgreSQL: every startTestServer of
// it gets a fresh PostgreSQL database (testing/index.ts).
process.env.TEST_DATABASE = 'postgres';
