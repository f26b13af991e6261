// `partner-messaging-scaffold` (npm run scaffold): writes a small Express project implementing openapi.yaml
// (project.ts), every operation answering its first documented example until implemented.
import { basename, resolve } from 'node:path';
import { runCommand, UsageError } from '../../cli/command';
import { contract } from '../../spec';
import { NotEmptyError, writeScaffold } from './project';

const USAGE = `Usage: partner-messaging-scaffold --out DIR [--name NAME] [--force]
       (in this repository: npm run scaffold -- --out DIR)

Writes a small Express project (TypeScript) implementing the Partner Messaging API contract: one handler
module per tag with every operation, each answering the contract's first documented example until you
implement it; requests and answers validated against openapi.yaml (express-openapi-validator); typed from
@partner-messaging/contract, so an undocumented status, body or header fails the type-check; and a README
saying how to build, run, follow a contract change and check the service with the drift check.

Options:
  --out DIR      the folder to write (created if missing; must be empty unless --force)
  --name NAME    the package name (default: the folder's name)
  --force        write into a folder that is not empty, overwriting the files the scaffold writes
  --version      the package's version and the API version of its contract
  -h, --help

Exit codes: 0 written, 1 refused (the folder is not empty) or failed, 2 usage.`;

const OPTIONS = {
  out: { type: 'string' },
  name: { type: 'string' },
  force: { type: 'boolean', default: false },
} as const;

runCommand({
  name: 'partner-messaging-scaffold',
  home: __dirname,
  usage: USAGE,
  options: OPTIONS,
  run: ({ values }) => {
    if (!values.out) throw new UsageError('--out DIR is required');
    const dir = resolve(values.out);
    const name = values.name ?? basename(dir).toLowerCase().replace(/[^a-z0-9._-]+/g, '-');
    try {
      const written = writeScaffold(contract(), dir, { name, force: values.force === true });
      console.log(`Wrote ${written.length} files to ${dir}:\n${written.map((f) => `  ${f}`).join('\n')}\n\nNext: cd ${values.out} && npm install && npm run build && npm start`);
      return 0;
    } catch (error) {
      if (error instanceof NotEmptyError) {
        console.error(`partner-messaging-scaffold: ${error.message}`);
        return 1;
      }
      throw error;
    }
  },
});
