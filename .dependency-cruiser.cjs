/**
 * The layering of the code, checked by `npm run depcheck` (part of `npm test`): no import circle anywhere,
 * and each layer of the reference server depends only on what the design lets it
 * (../shared/DESIGN.md; server/README.md, "Where does a new rule go").
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle makes the load order decide behaviour; break it by moving the shared piece.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment:
        'The rules (server/domain) see the world through ports only: repository interfaces and records (server/store/*.ts), the ' +
        'provider port (server/provider/channel-provider.ts), the contracts\' types and constants (generated/, server/sandbox/generated/). ' +
        'No HTTP, no SQLite or PostgreSQL, no simulator.',
      from: { path: '^server/domain/', pathNot: '\\.test\\.ts$' },
      to: {
        path: [
          '^server/(http|edge|webhooks|downloads|testing|cli)/',
          '^server/sandbox/(?!generated/)',
          '^server/store/(sqlite|postgres|sql)/',
          '^server/store/(open|memory-rate-limits)\\.ts$',
          '^server/provider/simulated/',
          '^server/(app|compose|main|config|log|system|ticker)\\.ts$',
        ],
      },
    },
    {
      name: 'domain-without-frameworks',
      severity: 'error',
      comment: 'Express, the validator, SQLite, PostgreSQL and the logger are adapters: the domain never imports them.',
      from: { path: '^server/domain/', pathNot: '\\.test\\.ts$' },
      to: { path: 'node_modules/(@types/)?(express|express-openapi-validator|better-sqlite3|pg|pg-[a-z-]+|busboy|pino)/' },
    },
    {
      name: 'provider-speaks-its-own-terms',
      severity: 'error',
      comment:
        'The provider (its port, server/provider/channel-provider.ts, and the simulator) reports what happens in its own terms; ' +
        'the domain turns that into records and events. No arrow from the provider to the rules, the service\'s records or its adapters.',
      from: { path: '^server/provider/' },
      to: { path: ['^server/(domain|http|sandbox|webhooks|downloads|cli|testing)/', '^server/store/(records|repositories)\\.ts$'] },
    },
    {
      name: 'store-owns-its-records',
      severity: 'error',
      comment: 'The store depends on nothing of the service but the contracts\' types: records live in server/store/records.ts.',
      from: { path: '^server/store/', pathNot: '\\.test\\.ts$' },
      to: { path: ['^server/(domain|http|provider|webhooks|downloads)/', '^server/sandbox/(?!generated/)'] },
    },
    {
      name: 'http-maps-only',
      severity: 'error',
      comment: 'The HTTP layer maps requests to the domain and answers; it never reaches into storage or the simulator.',
      from: { path: '^server/http/' },
      to: { path: ['^server/store/(sqlite|postgres|sql)/', '^server/provider/simulated/'] },
    },
    {
      name: 'edge-without-frameworks',
      severity: 'error',
      comment:
        'The request edge (server/edge) runs on plain Node requests for the server and the mock alike: no Express, no validator, ' +
        'no logger, no HTTP layer, no storage but the in-memory counters.',
      from: { path: '^server/edge/', pathNot: '\\.test\\.ts$' },
      to: {
        path: [
          'node_modules/(@types/)?(express|express-openapi-validator|better-sqlite3|pg|pg-[a-z-]+|busboy|pino)/',
          '^server/(http|sandbox|webhooks|downloads|provider|cli|scaffold)/',
          '^server/store/(sqlite|postgres|sql)/',
          '^server/(app|compose|main|config|log|system|ticker)\\.ts$',
        ],
      },
    },
    {
      name: 'mock-sees-the-server-through-its-edge',
      severity: 'error',
      comment:
        'The mock runs the server\'s request edge and nothing else of the server: it imports server/edge/index.ts (and what that ' +
        'exports), never a module behind it.',
      from: { path: '^mock/', pathNot: '\\.test\\.ts$' },
      to: { path: '^server/', pathNot: '^server/edge/index\\.ts$' },
    },
    {
      name: 'simulator-controls-stay-out-of-production-paths',
      severity: 'error',
      comment: 'The simulated provider is wired by the composition root; only the sandbox and the tests hold its controls.',
      from: { path: '^server/', pathNot: ['^server/(compose\\.ts|sandbox/|testing/|provider/simulated/)', '\\.test\\.ts$'] },
      to: { path: '^server/provider/simulated/' },
    },
    {
      name: 'test-support-only-in-tests',
      severity: 'error',
      comment: 'server/testing is for tests, the fuzzer and the benchmark, never for what ships.',
      from: { path: '^(server|spec|client|mock|generated)/', pathNot: ['^server/testing/', '\\.test\\.ts$'] },
      to: { path: '^server/testing/' },
    },
    {
      name: 'contract-module-stands-alone',
      severity: 'error',
      comment: 'spec/ reads openapi.yaml for everyone; it depends on no consumer.',
      from: { path: '^spec/', pathNot: '\\.test\\.ts$' },
      to: { path: '^(server|client|mock|contract-tests|docs|fuzz|bench|scripts)/' },
    },
    {
      name: 'generated-stands-alone',
      severity: 'error',
      comment:
        'generated/ is produced from openapi.yaml and imports nothing of the project; server/sandbox/generated/, produced from the ' +
        "sandbox's contract, imports only generated/.",
      from: { path: '^(generated|server/sandbox/generated)/' },
      to: { path: '^(server|spec|client|mock|contract-tests|docs|fuzz|bench|scripts)/', pathNot: '^server/sandbox/generated/' },
    },
    {
      name: 'client-main-entry-runs-in-browsers',
      severity: 'error',
      comment:
        "The client's main entry (@partner-messaging/client) is bundled for browsers: nothing it reaches may need Node's built-ins " +
        'or Express; signing lives at ./webhooks, the receiver at ./express.',
      from: { path: '^client/index\\.ts$' },
      to: { reachable: true, path: ['^node:', '^(crypto|fs|http|https|net|stream|buffer|path|os|child_process)$', 'node_modules/(@types/)?express/', '^client/(webhooks|express)\\.ts$'] },
    },
    {
      name: 'shipped-code-stays-out-of-the-workbench',
      severity: 'error',
      comment: 'What the packages bundle (server, mock, drift check, client, contract module, commands) never reaches the docs build, scripts, fuzzer, bench or journeys runner.',
      from: { path: '^(server|mock|contract-tests|client|spec|cli|generated)/', pathNot: ['\\.test\\.ts$', '^server/testing/', '^contract-tests/(drift|fixtures)/'] },
      to: { path: '^(docs|scripts|fuzz|bench|workflows)/' },
    },
    {
      name: 'mock-stays-below-the-drift-check',
      severity: 'error',
      comment: 'The drift check checks the mock; the mock never reaches into it. What both need (the webhook wire) is the client\'s.',
      from: { path: '^mock/' },
      to: { path: '^contract-tests/' },
    },
    {
      name: 'client-is-independent',
      severity: 'error',
      comment: 'The client package serves partners: it may use the contract types, never the server, the suite or the mock.',
      from: { path: '^client/', pathNot: '\\.test\\.ts$' },
      to: { path: '^(server|spec|mock|contract-tests|docs|fuzz|bench|scripts)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // server/scaffold/template holds files of the projects the scaffold writes (they import the contract package)
    exclude: { path: ['(^|/)(dist|coverage|reports)/', '^server/scaffold/template/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
