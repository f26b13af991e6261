// The package's `bin` commands: small wrappers in client/bin that run a TypeScript entry point through tsx.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(__dirname, '..');
const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { bin: Record<string, string> };

describe('bin commands', () => {
  it('declares the server, the mock, the contract run, the webhook trigger and the receiver check, each an executable wrapper', () => {
    expect(Object.keys(pkg.bin).sort()).toEqual([
      'partner-messaging-check-receiver',
      'partner-messaging-contract',
      'partner-messaging-mock',
      'partner-messaging-server',
      'partner-messaging-webhook-trigger',
    ]);
    for (const file of Object.values(pkg.bin)) {
      expect(() => accessSync(resolve(root, file), constants.X_OK)).not.toThrow();
      expect(readFileSync(resolve(root, file), 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
    }
  });

  it.each([
    ['partner-messaging-server', 'server/main.ts'],
    ['partner-messaging-mock', 'mock/start.ts'],
    ['partner-messaging-contract', 'contract-tests/cli.ts'],
    ['partner-messaging-webhook-trigger', 'mock/webhook-trigger.ts'],
    ['partner-messaging-check-receiver', 'contract-tests/receiver/cli.ts'],
  ])('%s runs %s', (name, entry) => {
    const wrapper = readFileSync(resolve(root, pkg.bin[name] ?? ''), 'utf8');
    expect(wrapper).toContain(`require('./run-ts')('${entry}')`);
    expect(existsSync(resolve(root, entry))).toBe(true);
  });

  it.each([
    ['partner-messaging-mock', /npm run mock \[-- --dynamic\]/],
    ['partner-messaging-contract', /npm run contract -- --base-url URL --api-key KEY/],
    ['partner-messaging-webhook-trigger', /npm run webhook:trigger -- EVENT --url URL --secret SECRET/],
    ['partner-messaging-check-receiver', /npm run webhook:check-receiver -- --url URL --secret SECRET/],
  ])('%s --help prints its usage through the wrapper', (name, usage) => {
    const run = spawnSync(process.execPath, [resolve(root, pkg.bin[name] ?? ''), '--help'], { cwd: root, encoding: 'utf8' });
    expect(run.stdout).toMatch(usage);
    expect(run.status).toBe(0);
  }, 60_000);

  it('the wrapper passes the arguments through tsx and exits with the entry point\'s code', () => {
    const run = spawnSync(
      process.execPath,
      [resolve(__dirname, 'test/echo-bin.js'), 'EVENT', '--url', 'http://x', '--secret', 's p'],
      { cwd: root, encoding: 'utf8', env: { ...process.env, ECHO_EXIT: '3' } },
    );
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual(['EVENT', '--url', 'http://x', '--secret', 's p']);
    expect(run.status).toBe(3);
  });
});
