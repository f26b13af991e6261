// The breaking-change gate on before/after spec pairs: the fixture files in contract-baseline/fixtures/
// (run through optic and the focused check, as CI does) and small mutations of the fixture base (focused
// check), plus the working contract against the released 1.6.0 baseline.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { stringify } from 'yaml';
import { readDocument } from '../spec';
import { formatReport, majorOf, runGate } from './breaking-changes';
import { describeChange } from './breaking-changes/breaking-change';
import { focusedBreakingChanges } from './breaking-changes/focused-check';

const fixtures = resolve(__dirname, '../contract-baseline/fixtures');
const BASE = join(fixtures, 'base.yaml');
const OPTIC_TIMEOUT = 180_000;

type Spec = Record<string, any>;

function mutated(change: (spec: Spec) => void): Spec {
  const spec = readDocument(BASE) as Spec;
  change(spec);
  return spec;
}

describe('accepted changes (a baseline\'s .accepted.yaml)', () => {
  const head = join(fixtures, 'dropped-response-field.yaml');
  const acceptance = (changes: string[]) => {
    const file = join(mkdtempSync(join(tmpdir(), 'accepted-')), 'accepted.yaml');
    writeFileSync(file, stringify([{ reason: 'no partner reads it', changes }]));
    return file;
  };
  const found = () => runGate({ base: BASE, head, skipOptic: true }).changes.map(describeChange);

  it('a breaking change the list accepts passes the gate and is reported with its reason', () => {
    const result = runGate({ base: BASE, head, skipOptic: true, accepted: acceptance(found()) });
    expect(result.exitCode).toBe(0);
    expect(result.accepted.map((a) => a.reason)).toEqual(found().map(() => 'no partner reads it'));
    expect(formatReport(result)).toContain('No breaking change beyond the accepted ones.');
  });

  it('a breaking change the list does not name still fails the gate', () => {
    const [first, ...rest] = found();
    expect(rest.length).toBeGreaterThan(0);
    const result = runGate({ base: BASE, head, skipOptic: true, accepted: acceptance([first!]) });
    expect(result.exitCode).toBe(1);
  });

  it('an acceptance of a change that no longer occurs fails the gate', () => {
    const result = runGate({ base: BASE, head: BASE, skipOptic: true, accepted: acceptance(['GET /notes: field removed: gone']) });
    expect(result.stale).toEqual(['GET /notes: field removed: gone']);
    expect(result.exitCode).toBe(1);
  });
});

describe('breaking-change gate on the fixture pairs (optic + focused check)', () => {
  it(
    'a dropped response field fails the gate without a major bump',
    () => {
      const result = runGate({ base: BASE, head: join(fixtures, 'dropped-response-field.yaml') });
      expect(result.exitCode).toBe(1);
      expect(result.majorRaised).toBe(false);
      // both checkers see it
      expect(result.changes).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ source: 'optic', rule: 'prevent removing response property' }),
          expect.objectContaining({ source: 'focused', where: 'POST /notes', rule: 'field removed' }),
          expect.objectContaining({ source: 'focused', where: 'GET /notes', rule: 'field removed' }),
        ]),
      );
    },
    OPTIC_TIMEOUT,
  );

  it(
    'added optional fields (request, response, webhook payload) pass the gate',
    () => {
      const result = runGate({ base: BASE, head: join(fixtures, 'added-optional-field.yaml') });
      expect(result.changes).toEqual([]);
      expect(result.exitCode).toBe(0);
    },
    OPTIC_TIMEOUT,
  );

  it(
    'a dropped field under a raised major version is listed and passes',
    () => {
      // the major-version rule is the script's own (optic is told to report regardless): no optic run needed
      const result = runGate({ base: BASE, head: join(fixtures, 'dropped-field-major-bump.yaml'), skipOptic: true });
      expect(result.majorRaised).toBe(true);
      expect(result.changes.length).toBeGreaterThan(0);
      expect(result.exitCode).toBe(0);
    },
    OPTIC_TIMEOUT,
  );

  it(
    'the CLI exits 1 and names the change when a field is dropped',
    () => {
      const run = spawnSync(
        process.execPath,
        ['--import', 'tsx', resolve(__dirname, 'breaking-changes.ts'), '--base', BASE, '--head', join(fixtures, 'dropped-response-field.yaml'), '--skip-optic'],
        { encoding: 'utf8' },
      );
      expect(run.status).toBe(1);
      expect(run.stdout).toContain('field "body" removed');
      expect(run.stdout).toContain('FAIL');
    },
    OPTIC_TIMEOUT,
  );
});

describe('focused check (what optic misses: webhooks, limits) on mutated fixtures', () => {
  const breaking: Array<[string, (spec: Spec) => void, string]> = [
    ['operation removed', (s) => delete s.paths['/notes'].get, 'operation removed'],
    ['operation renamed (moved path)', (s) => {
      s.paths['/memos'] = { post: s.paths['/notes'].post };
      delete s.paths['/notes'].post;
    }, 'operation renamed'],
    ['operationId changed', (s) => (s.paths['/notes'].post.operationId = 'addNote'), 'operationId changed'],
    ['request field removed', (s) => delete s.components.schemas.NewNote.properties.visibility, 'field removed'],
    ['new required request field', (s) => s.components.schemas.NewNote.required.push('body'), 'new required input'],
    ['new required query parameter', (s) => s.paths['/notes'].get.parameters.push({ name: 'owner', in: 'query', required: true, schema: { type: 'string' } }), 'new required input'],
    ['request enum value removed', (s) => (s.components.schemas.NewNote.properties.visibility.enum = ['private']), 'enum value removed'],
    ['maxLength lowered', (s) => (s.components.schemas.NewNote.properties.title.maxLength = 60), 'limit narrowed'],
    ['maxLength added where there was none', (s) => (s.components.schemas.NewNote.properties.visibility.maxLength = 5), 'limit narrowed'],
    ['maxLength lowered on another field', (s) => (s.components.schemas.NewNote.properties.body.maxLength = 10), 'limit narrowed'],
    ['maximum lowered on a query parameter', (s) => (s.paths['/notes'].get.parameters[0].schema.maximum = 20), 'limit narrowed'],
    ['minLength raised', (s) => (s.components.schemas.NewNote.properties.title.minLength = 3), 'limit narrowed'],
    ['minimum raised', (s) => (s.paths['/notes'].get.parameters[0].schema.minimum = 5), 'limit narrowed'],
    ['pattern added', (s) => (s.components.schemas.NewNote.properties.title.pattern = '^[a-z]+$'), 'limit narrowed'],
    ['request type narrowed', (s) => (s.components.schemas.NewNote.properties.body = { type: 'integer' }), 'type narrowed'],
    ['response status code removed', (s) => delete s.paths['/notes'].post.responses['400'], 'status code removed'],
    ['success status code changed', (s) => {
      s.paths['/notes'].post.responses['200'] = s.paths['/notes'].post.responses['201'];
      delete s.paths['/notes'].post.responses['201'];
    }, 'status code changed'],
    ['response field made optional', (s) => (s.components.schemas.Note.required = ['id']), 'field made optional'],
    ['webhook event kind removed', (s) => delete s.webhooks['note.created'], 'event kind removed'],
    ['webhook payload field removed', (s) => delete s.components.schemas.NoteCreatedEvent.properties.event_id, 'field removed'],
    ['webhook payload field type changed', (s) => (s.components.schemas.NoteCreatedEvent.properties.note.properties.id = { type: 'integer' }), 'type changed'],
    ['webhook payload enum value added', (s) => s.components.schemas.NoteCreatedEvent.properties.note.properties.status.enum.push('archived'), 'enum value added'],
    ['webhook payload enum value removed', (s) => (s.components.schemas.NoteCreatedEvent.properties.note.properties.status.enum = ['published']), 'enum value removed'],
    ['webhook payload field no longer required', (s) => (s.components.schemas.NoteCreatedEvent.properties.note.required = ['id']), 'field made optional'],
    ['webhook const changed', (s) => (s.components.schemas.NoteCreatedEvent.properties.event.const = 'note.added'), 'const changed'],
  ];

  it.each(breaking)('flags %s', (_name, change, rule) => {
    const changes = focusedBreakingChanges(readDocument(BASE), mutated(change));
    expect(changes.map((c) => c.rule)).toContain(rule);
  });

  const compatible: Array<[string, (spec: Spec) => void]> = [
    ['a new optional request field', (s) => (s.components.schemas.NewNote.properties.color = { type: 'string' })],
    ['a new response field', (s) => (s.components.schemas.Note.properties.created_at = { type: 'string' })],
    ['a raised maxLength', (s) => (s.components.schemas.NewNote.properties.title.maxLength = 200)],
    ['a lowered minimum', (s) => (s.paths['/notes'].get.parameters[0].schema.minimum = 0)],
    ['a new request enum value', (s) => s.components.schemas.NewNote.properties.visibility.enum.push('public')],
    ['a new optional query parameter', (s) => s.paths['/notes'].get.parameters.push({ name: 'q', in: 'query', schema: { type: 'string' } })],
    ['a new operation', (s) => (s.paths['/notes/{id}'] = { get: { operationId: 'getNote', responses: { '200': { description: 'ok' } } } })],
    ['a new error status', (s) => (s.paths['/notes'].post.responses['409'] = { description: 'Conflict.' })],
    ['a new webhook event kind', (s) => (s.webhooks['note.deleted'] = s.webhooks['note.created'])],
    ['a new webhook payload field', (s) => (s.components.schemas.NoteCreatedEvent.properties.note.properties.color = { type: 'string' })],
    ['changed descriptions and examples', (s) => (s.paths['/notes'].post.description = 'Creates a note.')],
  ];

  it.each(compatible)('passes %s', (_name, change) => {
    expect(focusedBreakingChanges(readDocument(BASE), mutated(change))).toEqual([]);
  });

  it('reads the major version of info.version', () => {
    expect(majorOf('1.6.0')).toBe(1);
    expect(majorOf('2.0.0-rc.1')).toBe(2);
    expect(() => majorOf('latest')).toThrow(/semantic version/);
  });

  it('passes a mutated pair when the major version is raised, fails it otherwise', () => {
    const dir = mkdtempSync(join(tmpdir(), 'breaking-'));
    const dropped = mutated((s) => delete s.components.schemas.NoteCreatedEvent.properties.note);
    writeFileSync(join(dir, 'same-major.yaml'), stringify(dropped));
    writeFileSync(join(dir, 'new-major.yaml'), stringify({ ...dropped, info: { ...dropped.info, version: '2.0.0' } }));
    expect(runGate({ base: BASE, head: join(dir, 'same-major.yaml'), skipOptic: true }).exitCode).toBe(1);
    expect(runGate({ base: BASE, head: join(dir, 'new-major.yaml'), skipOptic: true }).exitCode).toBe(0);
  });
});

describe('the working contract', () => {
  it(
    'has no breaking change against the released 1.6.0 baseline, or raises the major version',
    () => {
      const output = (() => {
        try {
          return execFileSync(process.execPath, ['--import', 'tsx', resolve(__dirname, 'breaking-changes.ts')], {
            encoding: 'utf8',
          });
        } catch (error) {
          throw new Error(`npm run breaking failed:\n${(error as { stdout?: string }).stdout ?? String(error)}`);
        }
      })();
      expect(output).toMatch(/No breaking changes|No breaking change beyond the accepted ones|major version was raised/);
    },
    OPTIC_TIMEOUT,
  );
});
