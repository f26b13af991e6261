// `npm run fuzz [-- --runs N --seed S]`: the long fuzz run (10,000 requests by default) over every operation
// the reference server implements; prints the seed, the operations skipped, and any shrunk counterexample
// (the exact request and the wrong answer). Exit code 1 on a counterexample.
import fc from 'fast-check';
import { fuzzProperty } from './property';
import { operations } from './requests';
import { startFuzzServer } from './setup';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

(async () => {
  const runs = Number(arg('runs') ?? 10_000);
  const seed = Number(arg('seed') ?? Date.now() % 2 ** 31);
  const server = await startFuzzServer();
  try {
    console.log(`fuzz: ${runs} requests over ${operations.length} operations, seed ${seed} (repeat with: npm run fuzz -- --runs ${runs} --seed ${seed})`);
    const started = Date.now();
    const details = await fc.check(fuzzProperty(server, operations), { numRuns: runs, seed, endOnFailure: false });
    const seconds = (Date.now() - started) / 1000;
    if (!details.failed) {
      console.log(`OK: ${details.numRuns} requests in ${seconds.toFixed(1)} s, no property broken.`);
      return;
    }
    console.log(`\nCOUNTEREXAMPLE after ${details.numRuns} requests and ${details.numShrinks} shrinks (seed ${seed}, path ${details.counterexamplePath}):\n`);
    console.log((details.errorInstance as Error)?.message ?? String(details.errorInstance));
    process.exitCode = 1;
  } finally {
    await server.close();
  }
})().catch((e) => {
  console.error(e);
  process.exit(2);
});
