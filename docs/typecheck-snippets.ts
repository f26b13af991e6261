// Type-checks TypeScript snippets the way a partner would compile them: importing the client and contract
// packages by their names (resolved to client/index.ts, the client's subpaths to client/<subpath>.ts, the
// contract to generated/index.ts), against the project's strict compiler options.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { PACKAGE_NAME } from './sample-conventions';

const root = resolve(__dirname, '..');

/** Compiles `files` (all inside `dir`); returns tsc's output (empty when they compile) and exit status. */
export function typecheckSnippets(
  dir: string,
  files: string[],
  compilerOptions: Record<string, unknown> = {},
): { output: string; status: number | null } {
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      extends: join(root, 'tsconfig.json'),
      compilerOptions: {
        noEmit: true,
        baseUrl: root,
        paths: { [PACKAGE_NAME]: ['client/index.ts'], [`${PACKAGE_NAME}/*`]: ['client/*.ts'], '@partner-messaging/contract': ['generated/index.ts'] },
        typeRoots: [join(root, 'node_modules/@types')],
        types: ['node'],
        ...compilerOptions,
      },
      files,
      include: [],
    }),
  );
  const tsc = spawnSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', join(dir, 'tsconfig.json')], {
    encoding: 'utf8',
    cwd: dirname(dir),
  });
  return { output: `${tsc.stdout}${tsc.stderr}`, status: tsc.status };
}
