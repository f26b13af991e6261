import { Readable } from 'node:stream';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomIds } from '../../system';
import { SAMPLES } from '../../testing/samples';
import { detectMediaKind, MEDIA_CEILINGS, MB, KB } from '../media/kinds';
import { spoolMediaUpload } from '../media/upload-spool';
import { isAllowedTransition } from './message-status';
import { deliveryMode } from './delivery-mode';

describe('media kinds', () => {
  test('the ceilings of section 8, with 1 MB = 1,048,576 bytes and 1 KB = 1,024 bytes', () => {
    expect(MEDIA_CEILINGS).toEqual({ image: 5 * 1_048_576, video: 16 * 1_048_576, audio: 16 * 1_048_576, document: 100 * 1_048_576, sticker: 500 * 1_024 });
    expect([MB, KB]).toEqual([1_048_576, 1_024]);
  });

  test('an Office file declared application/octet-stream is recognised only when its bytes name the format', () => {
    expect(() => detectMediaKind(SAMPLES.doc, 'application/octet-stream')).toThrow(expect.objectContaining({ code: 'media_type_unsupported' }));
    expect(detectMediaKind(SAMPLES.doc, 'application/vnd.ms-excel')).toEqual({ kind: 'document', mimeType: 'application/vnd.ms-excel' });
  });

  test('an MP4 declared audio/mp4 is audio, declared video/mp4 is video; an M4A brand without a declared type is audio', () => {
    expect(detectMediaKind(SAMPLES.mp4, 'audio/mp4').kind).toBe('audio');
    expect(detectMediaKind(SAMPLES.mp4, 'video/mp4').kind).toBe('video');
    expect(detectMediaKind(SAMPLES.m4a, 'application/octet-stream')).toEqual({ kind: 'audio', mimeType: 'audio/mp4' });
  });

  test('text must be UTF-8 without control bytes; a character cut at the end of the sniffed window is allowed', () => {
    const euro = Buffer.from('€'.repeat(2000));
    expect(detectMediaKind(euro.subarray(0, 4096), 'text/plain').kind).toBe('document');
    expect(() => detectMediaKind(Buffer.from('abc\u0000def'), 'text/plain')).toThrow(expect.objectContaining({ code: 'media_type_unsupported' }));
  });

  test('the declared type parameters and case are ignored', () => {
    expect(detectMediaKind(SAMPLES.txt, 'Text/Plain; charset=utf-8').mimeType).toBe('text/plain');
  });

  test('spooling stops past the ceiling and leaves no partial file', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'spool-test-'));
    let pulled = 0;
    const stream = new Readable({
      read() {
        pulled += 64 * KB;
        this.push(pulled === 64 * KB ? Buffer.concat([SAMPLES.webp, Buffer.alloc(64 * KB - SAMPLES.webp.length)]) : Buffer.alloc(64 * KB));
      },
    });
    await expect(spoolMediaUpload(stream, { directory, declaredType: 'image/webp', filename: 's.webp', ids: randomIds })).rejects.toMatchObject({
      code: 'media_too_large',
    });
    expect(pulled).toBeLessThan(MEDIA_CEILINGS.sticker + 4 * 64 * KB);
    expect(readdirSync(directory)).toEqual([]);
  });
});

describe('message status transitions (decision 3)', () => {
  test.each([
    [undefined, 'sent', true],
    [undefined, 'failed', true],
    [undefined, 'delivered', false],
    ['sent', 'delivered', true],
    ['sent', 'read', true],
    ['sent', 'failed', true],
    ['delivered', 'read', true],
    ['delivered', 'sent', false],
    ['delivered', 'failed', false],
    ['read', 'delivered', false],
    ['failed', 'sent', false],
    ['failed', 'delivered', false],
  ] as const)('%s → %s allowed: %s', (from, to, allowed) => {
    expect(isAllowedTransition(from, to)).toBe(allowed);
  });
});

describe('delivery mode', () => {
  test('dry_run never delivers; a test key delivers only to registered test recipients and otherwise carries the hint', () => {
    const to = { client_ref: 'acme-shoes-de', to: '4915112345678' };
    expect(deliveryMode('live', true, to, false)).toEqual({ deliver: false, dryRun: true });
    expect(deliveryMode('live', undefined, to, false)).toEqual({ deliver: true, dryRun: false });
    expect(deliveryMode('test', false, to, true)).toEqual({ deliver: true, dryRun: false });
    expect(deliveryMode('test', true, to, true)).toEqual({ deliver: false, dryRun: true });
    // the hint says exactly what to run to receive test sends
    expect(deliveryMode('test', undefined, to, false)).toMatchObject({
      deliver: false,
      dryRun: true,
      hint: expect.stringContaining('npm run sandbox -- test-recipient acme-shoes-de 4915112345678'),
    });
  });
});
