// The sandbox command's rows for faults on demand, ready-made fixtures and examples, and running what is due.
import { ENUMS } from '../../sandbox/generated/constants';
import { examplesPlaced, fixturesFile, type SandboxCommand } from './table';

export const FAULT_COMMANDS: readonly SandboxCommand[] = [
  {
    name: 'faults add',
    summary: "a failure on demand: one key's requests answered 429, 500 or 502, delayed or cut off, or the partner's webhook events sent twice or out of order",
    operation: 'sandboxAddFault',
    flags: {
      kind: {
        choices: ENUMS.FaultKind,
        required: true,
        help: "429 (with Retry-After), 500, 502, delay, drop (the connection closed without an answer): a key's requests; duplicate_delivery, out_of_order_delivery: the partner's webhook events",
      },
      key: { value: '<key id or prefix>', help: 'the key whose requests take it (every kind but the deliveries)' },
      operation: { value: 'OPERATION_ID', help: 'only the requests of this operation (its operationId, e.g. sendMessage)' },
      times: { value: 'N', help: 'the next N requests or deliveries take it (default 1)' },
      share: { value: 'PERCENT', help: 'instead, this share of them, evenly spread from the first, until cleared' },
      'retry-after': { value: 'SECONDS', help: '429: the Retry-After it answers with (default 1)' },
      'delay-ms': { value: 'MS', help: 'delay: how long each request waits before it goes on' },
    },
    send: (api, g) =>
      api.POST('/faults', {
        params: { query: g.partner },
        body: {
          kind: g.flagOf('kind', ENUMS.FaultKind)!,
          key: g.flag('key'),
          operation: g.flag('operation'),
          times: g.integer('times'),
          share_percent: g.integer('share'),
          retry_after_seconds: g.integer('retry-after'),
          delay_ms: g.integer('delay-ms'),
        },
      }),
  },
  {
    name: 'faults list',
    summary: "the partner's faults, and how many requests or deliveries took each",
    operation: 'sandboxListFaults',
    send: (api, g) => api.GET('/faults', { params: { query: g.partner } }),
  },
  {
    name: 'faults clear',
    summary: "remove the partner's faults (or one key's)",
    operation: 'sandboxClearFaults',
    flags: { key: { value: '<key id or prefix>', help: 'only the faults of this key' } },
    send: (api, g) => api.DELETE('/faults', { params: { query: { ...g.partner, key: g.flag('key') } } }),
  },
  {
    name: 'faults remove',
    summary: 'remove one fault',
    operation: 'sandboxRemoveFault',
    args: [{ name: 'fault id' }],
    send: (api, g) => api.DELETE('/faults/{fault_id}', { params: { path: { fault_id: g.arg('fault id') }, query: g.partner } }),
  },
];

export const RUN_COMMANDS: readonly SandboxCommand[] = [
  {
    name: 'fixtures',
    summary: "a ready fixtures file for `npm run contract -- --fixtures FILE` (with a second partner's client, template and media for the tenant checks)",
    operation: 'sandboxContractFixtures',
    flags: { out: { value: 'FILE', help: 'write it to FILE (readable by you alone) instead of printing it' } },
    send: (api, g) => api.POST('/contract-fixtures', { params: { query: g.partner } }),
    print: fixturesFile,
  },
  {
    name: 'examples',
    summary: "what the reference's request examples name, so its code samples run as shown (an example template whose name and language you already use is skipped, and said so)",
    operation: 'sandboxExamples',
    send: (api, g) => api.POST('/examples', { params: { query: g.partner } }),
    print: examplesPlaced,
  },
  {
    name: 'tick',
    summary: 'run what is due now (simulated reviews, webhook retries)',
    operation: 'sandboxTick',
    send: (api) => api.POST('/tick'),
  },
];
