// The load generator, run as its own process (never inside the subject's process or the orchestrator's event
// loop): autocannon 9 with the options given as one JSON argument; prints the result as JSON on stdout.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon = require('autocannon') as (opts: Record<string, unknown>, cb: (err: Error | null, result: unknown) => void) => unknown;

const opts = JSON.parse(process.argv[2] ?? '{}') as Record<string, unknown>;
autocannon({ connections: 50, duration: 5, ...opts }, (err, result) => {
  if (err) {
    process.stderr.write(`${err.stack ?? err}\n`);
    process.exit(1);
  }
  process.stdout.write(`${JSON.stringify(result)}\n`);
});
