// A request under load in a server of its own, started with a CPU profile (apart from the measured rounds,
// whose figures the profiler would slow): a warm-up, one load of the run's length, then the profile of just
// that load (samples before and after it left out) by function and by area. The profile is kept as
// reports/bench-<name>.cpuprofile.
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { precheck, type LoadSettings, type LoadSpec } from './closed-loop';
import { summarizeCpuProfile, type ProfileSummary } from './cpu-profile';
import { COMPILED_SERVER_MAIN, ROOT, runLoadWorker, startServerChild } from './processes';

export interface RequestProfile {
  request: string;
  summary?: ProfileSummary;
  reason?: string;
  /** Where the .cpuprofile was kept (open it in Chrome DevTools' Performance panel). */
  file?: string;
}

/** `load.url` is the path under /v1; `env` the server's. */
export async function profileRequest(env: Record<string, string>, request: string, name: string, load: LoadSpec, settings: LoadSettings): Promise<RequestProfile> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-profile-'));
  const run = (spec: LoadSpec, duration: number) => {
    const { pid: _pid, variants: _variants, ...options } = spec;
    return runLoadWorker({ connections: settings.connections, ...options, duration });
  };
  try {
    const server = await startServerChild(env, { build: 'compiled', profileInto: dir });
    let window: { from: number; to: number };
    try {
      const spec = { ...load, url: `${server.baseUrl}${load.url}` };
      const refused = await precheck(spec);
      if (refused) return { request, reason: refused };
      if (settings.warmup > 0) await run(spec, settings.warmup);
      const from = Number(process.hrtime.bigint() / 1000n);
      const r = await run(spec, settings.duration);
      window = { from, to: Number(process.hrtime.bigint() / 1000n) };
      if (r.non2xx > 0 || r.errors + r.timeouts > 0) return { request, reason: `${r.non2xx} non-2xx answers and ${r.errors + r.timeouts} errors/timeouts under the profiled load` };
    } finally {
      await server.stop();
    }
    const written = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
    if (!written) return { request, reason: 'the server wrote no CPU profile' };
    const file = join(ROOT, 'reports', `bench-${name}.cpuprofile`);
    mkdirSync(dirname(file), { recursive: true });
    copyFileSync(join(dir, written), file);
    return { request, summary: summarizeCpuProfile(file, COMPILED_SERVER_MAIN, 15, window), file: relative(ROOT, file) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
