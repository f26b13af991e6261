import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The project's root (the folder of package.json), found from this file whether it runs from source
 * (server/) or compiled (dist/server/): files the server reads at run time (openapi.yaml, the sandbox's
 * contract, the rendered docs) are resolved from here, never from the compiled file's place.
 */
export const PACKAGE_ROOT = ((): string => {
  for (let dir = __dirname; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`No package.json above ${__dirname}.`);
  }
})();
