// Where a profiled server spent its time: the self time of each function in a V8 CPU profile
// (`node --cpu-prof`), by function and by where it lives. The server runs as one esbuild bundle, whose
// every module starts with a `// <path>` comment (server/store/sqlite/connection.ts,
// node_modules/express/lib/router/index.js): a bundle line is placed in the module whose comment comes last
// before it. Idle time is left out: percentages are of the time the process was busy.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface CpuProfile {
  nodes: ProfileNode[];
  /** Microseconds of the monotonic clock, as `process.hrtime` reads it. */
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface SelfTime {
  /** The function's name as V8 reports it (`(anonymous)` when it has none). */
  name: string;
  /** Where it lives: a module of the bundle (`server/edge/steps.ts`), a Node.js internal (`node:_http_server`), or `native`. */
  where: string;
  selfMs: number;
  /** Of the busy time. */
  percent: number;
}

export interface ProfileSummary {
  /** Milliseconds sampled busy (not idle), garbage collection included. */
  busyMs: number;
  idleMs: number;
  /** The functions with the most self time, most first. */
  functions: SelfTime[];
  /** Self time grouped by area: a folder of this repository, a package of node_modules, Node.js, native. */
  areas: { area: string; selfMs: number; percent: number }[];
}

/** The start line (1-based) and path of each module of an esbuild bundle, in order. */
function modulesOf(bundle: string): { line: number; path: string }[] {
  const modules: { line: number; path: string }[] = [];
  const lines = bundle.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const comment = /^\/\/ ((?:node_modules\/)?[\w@./+-]+\.(?:[cm]?[jt]s|json))$/.exec(lines[i]!);
    if (comment) modules.push({ line: i + 1, path: comment[1]! });
  }
  return modules;
}

function moduleAt(modules: { line: number; path: string }[], line: number): string {
  let lo = 0;
  let hi = modules.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (modules[mid]!.line <= line) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found < 0 ? 'bundle (before any module)' : modules[found]!.path;
}

/** A file outside the bundle: from its package's node_modules folder, else from the working directory. */
function placeOf(file: string): string {
  const installed = file.lastIndexOf('/node_modules/');
  return installed >= 0 ? file.slice(installed + 1) : relative(process.cwd(), file);
}

/** The area of a place: `server/store/sqlite`, `express-openapi-validator`, `Node.js http`, `native`. */
function areaOf(where: string): string {
  const pkg = /^node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(where);
  if (pkg) return pkg[1]!;
  if (where.startsWith('node:')) {
    const internal = where.slice('node:'.length).replace(/^internal\//, '').replace(/^_/, '');
    return `Node.js ${internal.split(/[/_]/)[0]}`;
  }
  if (where === 'native' || where.startsWith('(')) return where;
  return where.split('/').slice(0, -1).join('/') || where;
}

/**
 * Reads a .cpuprofile of the process that ran `bundlePath` and returns its self time by function and by
 * area, the first `top` of each; with `window` (microseconds of the monotonic clock, `process.hrtime`'s,
 * which V8 stamps its samples with), only the samples taken within it: the load, not the start.
 */
export function summarizeCpuProfile(profilePath: string, bundlePath: string, top = 15, window?: { from: number; to: number }): ProfileSummary {
  const profile = JSON.parse(readFileSync(profilePath, 'utf8')) as CpuProfile;
  const modules = modulesOf(readFileSync(bundlePath, 'utf8'));
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfByNode = new Map<number, number>();
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (window && (at < window.from || at > window.to)) continue;
    const id = profile.samples[i]!;
    selfByNode.set(id, (selfByNode.get(id) ?? 0) + delta);
  }
  const byFunction = new Map<string, { name: string; where: string; micros: number }>();
  let idle = 0;
  let busy = 0;
  for (const [id, micros] of selfByNode) {
    const { functionName, url, lineNumber } = nodes.get(id)!.callFrame;
    if (functionName === '(idle)') {
      idle += micros;
      continue;
    }
    busy += micros;
    let where: string;
    if (url === '') where = functionName.startsWith('(') ? functionName : 'native';
    else if (url.startsWith('node:')) where = url;
    else {
      const file = url.startsWith('file:') ? fileURLToPath(url) : url;
      where = file === bundlePath ? moduleAt(modules, lineNumber + 1) : placeOf(file);
    }
    const name = functionName === '' ? '(anonymous)' : functionName;
    const k = `${name}\n${where}`;
    const entry = byFunction.get(k) ?? { name, where, micros: 0 };
    entry.micros += micros;
    byFunction.set(k, entry);
  }
  const areas = new Map<string, number>();
  for (const f of byFunction.values()) areas.set(areaOf(f.where), (areas.get(areaOf(f.where)) ?? 0) + f.micros);
  const ms = (micros: number) => Math.round(micros / 100) / 10;
  const percent = (micros: number) => (busy === 0 ? 0 : Math.round((micros / busy) * 1000) / 10);
  return {
    busyMs: ms(busy),
    idleMs: ms(idle),
    functions: [...byFunction.values()]
      .sort((a, b) => b.micros - a.micros)
      .slice(0, top)
      .map((f) => ({ name: f.name, where: f.where, selfMs: ms(f.micros), percent: percent(f.micros) })),
    areas: [...areas]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([area, micros]) => ({ area, selfMs: ms(micros), percent: percent(micros) })),
  };
}
