// `npm run mock`: Prism 5.14.2 mocking openapi.yaml at http://127.0.0.1:${MOCK_PORT:-4010} (no /v1 prefix).
// Quiet by default (`-v silent`; MOCK_VERBOSE=1 for Prism's request log). Started with --errors, so an
// answer that would break the contract comes back as a 500 problem+json naming the violation instead of
// silently wrong data. Extra arguments go to Prism (e.g. `npm run mock -- --dynamic`).
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { PRISM_CLI, SPEC_FILE, prismArgs } from './prism';

const port = Number(process.env.MOCK_PORT ?? 4010);
const host = process.env.MOCK_HOST ?? '127.0.0.1';
const verbose = !!process.env.MOCK_VERBOSE && process.env.MOCK_VERBOSE !== '0';

function fail(message: string): never {
  console.error(`\nmock: ${message}\n`);
  process.exit(1);
}

function portFree(p: number, h: string): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen(p, h, () => s.close(() => resolve(true)));
  });
}

async function main() {
  if (!Number.isInteger(port) || port < 1 || port > 65535) fail(`MOCK_PORT must be a port number, got ${process.env.MOCK_PORT}`);
  if (!(await portFree(port, host))) {
    fail(`port ${port} on ${host} is already in use (something on this machine sometimes holds 4010). Start on another port: MOCK_PORT=4011 npm run mock`);
  }
  const args = prismArgs({ mode: 'mock', errors: true, port, host, verbosity: verbose ? 'info' : 'silent', extraArgs: process.argv.slice(2) }, port);
  const child = spawn(process.execPath, args, { stdio: verbose ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d) => (output = (output + d).slice(-50_000)));
  child.stderr?.on('data', (d) => (output = (output + d).slice(-50_000)));
  const stop = (signal: NodeJS.Signals) => child.kill(signal);
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  child.on('exit', (code, signal) => {
    if (signal === 'SIGINT' || signal === 'SIGTERM' || code === 0) process.exit(0);
    fail(`Prism stopped (exit ${code ?? signal}).\n${output.trim() || '(no output; run with MOCK_VERBOSE=1)'}\nCommand: ${process.execPath} ${args.join(' ')}`);
  });

  const url = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
    if (child.exitCode !== null) return;
    try {
      await fetch(`${url}/status`, { signal: AbortSignal.timeout(500) });
      console.log(
        [
          `Prism mock of ${SPEC_FILE} at ${url}  (no /v1 prefix: ${url}/messages/send)`,
          'Any "Authorization: Bearer <anything>" is accepted; scopes and test/live keys are not checked; nothing is stored.',
          `Rehearse an error:  curl -H 'Authorization: Bearer ik_test_x' -H 'Prefer: code=404' '${url}/clients/acme-shoes-fr'`,
          `Prism ${verbose ? 'logs every request' : 'is quiet (MOCK_VERBOSE=1 logs every request)'}. Ctrl-C stops it.`,
        ].join('\n'),
      );
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  child.kill('SIGKILL');
  fail(`Prism did not answer within 60 s.\n${output}`);
}

void main();
void PRISM_CLI;
