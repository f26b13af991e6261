// The one runner of the check commands (command.ts on cli/command.ts), as users run them: --help and
// --version exit 0 before the check runs, an unknown flag or a usage error exits 2 with the usage, an
// unusable target 4 with its cause, and a check that breaks itself 5, whether it throws inside its run or
// outside it; a finished check exits with the code it concluded.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXIT } from './exit-codes';
import { runTsCommand } from './fixtures/commands';

const PROBE = join(__dirname, 'fixtures', 'probe-command.ts');
const dir = mkdtempSync(join(tmpdir(), 'probe-command-'));
let n = 0;
const marker = () => join(dir, `ran-${n++}`);

test('--help prints the usage with every exit code and exits 0 without running the check', async () => {
  const file = marker();
  const { code, stdout } = await runTsCommand(PROBE, ['--help', '--outcome', 'crash', '--marker', file]);
  expect(code).toBe(EXIT.passed);
  for (const c of [0, 1, 2, 3, 4, 5]) expect(stdout).toMatch(new RegExp(`^  ${c}  `, 'm'));
  expect(existsSync(file)).toBe(false);
}, 30_000);

test('--version prints the package\'s version and the API version of its contract, and exits 0 without running the check', async () => {
  const file = marker();
  const { code, stdout } = await runTsCommand(PROBE, ['--version', '--outcome', 'crash', '--marker', file]);
  expect(code).toBe(EXIT.passed);
  expect(stdout.trim()).toMatch(/^probe \d+\.\d+\.\d+ \(Partner Messaging API \d+\.\d+\.\d+\)$/);
  expect(existsSync(file)).toBe(false);
}, 30_000);

test.each([
  ['an unknown flag', ['--retries', '3'], "Unknown option '--retries'"],
  ['a positional argument', ['extra'], "Unexpected argument 'extra'"],
  ['a usage error raised by the check', ['--outcome', 'usage'], 'probe: give --outcome'],
])('%s exits 2 with the message and the usage', async (_name, args, message) => {
  const { code, stderr } = await runTsCommand(PROBE, args);
  expect(code).toBe(EXIT.usage);
  expect(stderr).toContain(message);
  expect(stderr).toContain('Usage: probe --outcome');
}, 30_000);

test('an unusable target exits 4 with the URL and the cause, without the usage', async () => {
  const { code, stderr } = await runTsCommand(PROBE, ['--outcome', 'unusable']);
  expect(code).toBe(EXIT.unreachable);
  expect(stderr.trim()).toBe('probe: cannot reach http://127.0.0.1:9/v1/status: ECONNREFUSED');
}, 30_000);

test.each([
  ['inside the run', 'crash', 'TypeError: a bug in the check'],
  ['outside the run (an uncaught exception)', 'stray-crash', 'RangeError: a stray bug in the check'],
])('an error of the check itself %s exits 5 with its stack, never as a verdict on the target', async (_name, outcome, error) => {
  const { code, stderr } = await runTsCommand(PROBE, ['--outcome', outcome]);
  expect(code).toBe(EXIT.checkFailed);
  expect(stderr).toContain(`probe: the check itself failed: ${error}`);
  expect(stderr).toMatch(/\n\s+at /);
}, 30_000);

test.each([
  ['passed', EXIT.passed],
  ['violation', EXIT.violation],
  ['incomplete', EXIT.incomplete],
] as const)('a check that concludes %s exits with that code', async (outcome, expected) => {
  const file = marker();
  const { code } = await runTsCommand(PROBE, ['--outcome', outcome, '--marker', file]);
  expect(code).toBe(expected);
  expect(existsSync(file)).toBe(true);
}, 30_000);
