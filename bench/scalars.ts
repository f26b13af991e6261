// The bench's single figures beside the loads: cold start, a developer's restart, RSS growth during a large
// upload, and what a delivered send leaves in the data.
import { readdirSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { NPM_START_COMMAND, memoryOf, productionEnv, sampleRss, serverCommandLine, startServerChild, startWithNpmStart } from './processes';
import type { ScalarFigure } from './webhooks';

const failed = (e: unknown) => `the subject failed: ${String((e as Error).message ?? e).split('\n').slice(0, 3).join(' ').slice(0, 300)}`;

/** Cold start (spawn → first GET /v1/status 200) and `npm start` with nothing changed, `runs` times each; medians. */
export async function measureStarts(dataDir: string, runs: number): Promise<ScalarFigure[]> {
  const figures: ScalarFigure[] = [];
  const timed = async (name: string, start: () => Promise<{ coldStartMs: number; stop(): Promise<void> }>, command: string) => {
    try {
      const times: number[] = [];
      for (let i = 0; i < runs; i++) {
        const child = await start();
        times.push(Math.round(child.coldStartMs));
        await child.stop();
      }
      const sorted = [...times].sort((a, b) => a - b);
      figures.push({ name, measured: true, value: sorted[Math.floor((sorted.length - 1) / 2)], unit: 'ms', detail: { runs: times, command } });
      process.stdout.write(`  ${name}: ${times.join(', ')} ms\n`);
    } catch (e) {
      figures.push({ name, measured: false, reason: failed(e), unit: 'ms' });
    }
  };
  await timed('cold start to first GET /v1/status 200', () => startServerChild(productionEnv(dataDir), { build: 'compiled' }), serverCommandLine('compiled'));
  // The bundle was built before the bench started, so this is a developer's restart with nothing changed.
  await timed('npm start, nothing changed, to first GET /v1/status 200', () => startWithNpmStart(productionEnv(dataDir)), NPM_START_COMMAND);
  return figures;
}

/** Streams a multipart body with one `size`-byte PDF without holding it in memory; resolves to the answer. */
function uploadDocument(url: string, key: string, fields: Record<string, string>, size: number): Promise<{ status: number; body: string; ms: number }> {
  const boundary = `----bench${Date.now().toString(16)}`;
  const head = Buffer.from(
    Object.entries(fields)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('') + `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const magic = Buffer.from('%PDF-1.4\n');
  const chunk = Buffer.alloc(1 << 20, 0x20);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + size + tail.length },
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, ms: performance.now() - started }));
    });
    req.on('error', reject);
    let sent = 0;
    const pump = () => {
      if (sent === 0) {
        req.write(head);
        req.write(magic);
        sent = magic.length;
      }
      while (sent < size) {
        const n = Math.min(chunk.length, size - sent);
        sent += n;
        if (!req.write(n === chunk.length ? chunk : chunk.subarray(0, n))) {
          req.once('drain', pump);
          return;
        }
      }
      req.end(tail);
    };
    pump();
  });
}

/** RSS growth of the server (/proc) during a 100 MB PDF upload to POST /media, after a small one warmed the route. */
export async function measureUpload(dataDir: string, key: string, clientRef: string): Promise<ScalarFigure> {
  const name = 'RSS growth during a 100 MB document upload to POST /media';
  try {
    const server = await startServerChild(productionEnv(dataDir), { build: 'compiled' });
    try {
      await uploadDocument(`${server.baseUrl}/media`, key, { client_ref: clientRef }, 64 * 1024);
      await new Promise((r) => setTimeout(r, 300));
      const before = memoryOf(server.pid)!;
      const sampler = sampleRss(server.pid, 5);
      const size = 100 * 1000 * 1000;
      const answer = await uploadDocument(`${server.baseUrl}/media`, key, { client_ref: clientRef }, size);
      const peak = sampler.stop();
      const growthMb = Math.round(((peak.peakRss - before.rss) / 2 ** 20) * 10) / 10;
      const detail = { bytes: size, status: answer.status, answer: answer.body.slice(0, 200), seconds: Math.round(answer.ms) / 1000, rssBeforeMb: Math.round(before.rss / 2 ** 20), peakRssMb: Math.round(peak.peakRss / 2 ** 20), hwmBeforeMb: Math.round(before.hwm / 2 ** 20), hwmAfterMb: Math.round(peak.hwm / 2 ** 20), samples: peak.samples };
      process.stdout.write(`  upload: ${JSON.stringify(detail)}\n`);
      if (answer.status !== 201) return { name, measured: false, reason: `the upload answered ${answer.status}: ${answer.body.slice(0, 160)}`, unit: 'MB', detail };
      return { name, measured: true, value: growthMb, unit: 'MB', detail };
    } finally {
      await server.stop();
    }
  } catch (e) {
    return { name, measured: false, reason: failed(e), unit: 'MB' };
  }
}

/** Bytes of the files under `dir`. */
export function folderBytes(dir: string): number {
  let bytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    bytes += entry.isDirectory() ? folderBytes(path) : statSync(path).size;
  }
  return bytes;
}

/** What the data grew by per 1,000 delivered sends, between two readings. */
export function bytesPerThousand(name: string, before: { bytes: number; sends: number }, after: { bytes: number; sends: number }, detail: Record<string, unknown>): ScalarFigure {
  const sends = after.sends - before.sends;
  if (sends <= 0) return { name, measured: false, reason: 'no delivered send was stored', unit: 'bytes' };
  return { name, measured: true, value: Math.round(((after.bytes - before.bytes) / sends) * 1000), unit: 'bytes', detail: { ...detail, deliveredSends: sends, bytesBefore: before.bytes, bytesAfter: after.bytes } };
}
