// Runs one of the package's TypeScript entry points through tsx, so the `bin` commands work after
// `npm install` (and with npx) without a build step. The child gets the arguments, the terminal and the
// signals; the wrapper exits with the child's code.
'use strict';
const { spawn } = require('node:child_process');
const { join } = require('node:path');
const { pathToFileURL } = require('node:url');

module.exports = function runTs(relativeEntry) {
  const entry = join(__dirname, '..', '..', relativeEntry);
  const tsx = pathToFileURL(require.resolve('tsx')).href;
  const child = spawn(process.execPath, ['--import', tsx, entry, ...process.argv.slice(2)], { stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => child.kill(signal));
  }
  child.on('error', (error) => {
    console.error(`could not start ${relativeEntry}: ${error.message}`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => {
    process.exit(code ?? (signal ? 128 + (require('node:os').constants.signals[signal] ?? 1) : 1));
  });
};
