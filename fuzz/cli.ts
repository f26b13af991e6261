// `npm run fuzz [-- --runs N --seed S]`: the long fuzz run (10,000 requests by default) over every operation
// the reference server implements; prints the seed, the operations skipped, and any shrunk counterexample
// (the exact request and the wrong answer). Exit code 1 on a counterexample.
import fc from 'fast-check';
import { UsageError, runCommand } from '../cli/command';
import { fuzzProperty } from './property';
import { operations } from '../contract-tests/generation/request-parts';
import { startFuzzServer } from './setup';

const USAGE = `Usage: npm run fuzz [-- --runs N --seed S]

Starts the reference server in this process and sends it generated requests over every operation: valid
ones, and the hostile inputs of a careless or malicious client (built-in property names, private address
spellings, deep nesting, odd numbers). Every answer must be documented by openapi.yaml, never a 5xx.

Options:
  --runs N    how many requests (default 10000)
  --seed S    the seed to repeat a run (default: from the clock; printed)
  -h, --help

Exit codes: 0 no property broken, 1 a counterexample (printed, shrunk), 2 usage, 5 the run itself failed.`;

const whole = (name: string, text: string | undefined, fallback: number): number => {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text)) throw new UsageError(`--${name} must be a whole number, got '${text}'.`);
  return Number(text);
};

async function fuzz(runs: number, seed: number): Promise<number> {
  const server = await startFuzzServer();
  try {
    console.log(`fuzz: ${runs} requests over ${operations.length} operations, seed ${seed} (repeat with: npm run fuzz -- --runs ${runs} --seed ${seed})`);
    const started = Date.now();
    const details = await fc.check(fuzzProperty(server, operations), { numRuns: runs, seed, endOnFailure: false });
    const seconds = (Date.now() - started) / 1000;
    if (!details.failed) {
      console.log(`OK: ${details.numRuns} requests in ${seconds.toFixed(1)} s, no property broken.`);
      return 0;
    }
    console.log(`\nCOUNTEREXAMPLE after ${details.numRuns} requests and ${details.numShrinks} shrinks (seed ${seed}, path ${details.counterexamplePath}):\n`);
    console.log((details.errorInstance as Error)?.message ?? String(details.errorInstance));
    return 1;
  } finally {
    await server.close();
  }
}

runCommand({
  name: 'fuzz',
  home: __dirname,
  usage: USAGE,
  options: { runs: { type: 'string' }, seed: { type: 'string' } },
  run: ({ values }) => fuzz(whole('runs', values.runs, 10_000), whole('seed', values.seed, Date.now() % 2 ** 31)),
  failureCode: () => 5,
});
