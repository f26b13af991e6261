// The API's CHANGELOG.md and each package's keep the Keep a Changelog form: an Unreleased section, then released
// versions newest first with ISO dates, only the standard kinds of change, each once per version; the API's newest
// release is the version openapi.yaml carries (or the one it is about to become), a package's is its own version.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readDocument } from '../spec';
import { SPEC_FILE } from './build';

export interface ChangelogRelease {
  version: string;
  date: string | undefined;
  kinds: string[];
}

const KINDS = ['Added', 'Changed', 'Deprecated', 'Removed', 'Fixed', 'Security'];

/** The sections of a changelog, and what breaks the form (empty when it holds). */
export function readChangelog(text: string): { releases: ChangelogRelease[]; problems: string[] } {
  const releases: ChangelogRelease[] = [];
  const problems: string[] = [];
  if (!/^# Changelog\n/.test(text)) problems.push('the first line is not "# Changelog"');
  for (const line of text.split('\n')) {
    const release = /^## \[(Unreleased|\d+\.\d+\.\d+)\](?: - (\d{4}-\d{2}-\d{2}))?$/.exec(line);
    if (line.startsWith('## ') && !release) problems.push(`not a release heading: ${line}`);
    if (release) {
      if (release[1] !== 'Unreleased' && !release[2]) problems.push(`${release[1]} has no date`);
      releases.push({ version: release[1]!, date: release[2], kinds: [] });
    }
    const kind = /^### (.+)$/.exec(line)?.[1];
    if (kind !== undefined) {
      if (!KINDS.includes(kind)) problems.push(`not a kind of change: ${kind}`);
      const current = releases[releases.length - 1];
      if (current?.kinds.includes(kind)) problems.push(`${current.version} has two ${kind} sections`);
      current?.kinds.push(kind);
    }
  }
  if (releases[0]?.version !== 'Unreleased') problems.push('the first section is not [Unreleased]');
  const released = releases.filter((r) => r.version !== 'Unreleased');
  for (let i = 1; i < released.length; i += 1) {
    const newer = released[i - 1]!.version.split('.').map(Number);
    const older = released[i]!.version.split('.').map(Number);
    const order = newer.findIndex((part, index) => part !== older[index]);
    if (order === -1 || newer[order]! < older[order]!) problems.push(`${released[i - 1]!.version} is listed before ${released[i]!.version}`);
  }
  return { releases, problems };
}

describe('CHANGELOG.md of the contract', () => {
  const text = readFileSync(join(__dirname, '..', 'CHANGELOG.md'), 'utf8');

  it('keeps the Keep a Changelog form', () => {
    expect(readChangelog(text).problems).toEqual([]);
  });

  it("its newest release is openapi.yaml's info.version", () => {
    const released = readChangelog(text).releases.filter((r) => r.version !== 'Unreleased');
    expect(released[0]?.version).toBe(String(readDocument(SPEC_FILE).info.version));
  });

  it('the form check fails on a changelog out of form', () => {
    const broken = '# Changelog\n\n## [1.5.0] - 2026-01-01\n\n### Improved\n\n### Fixed\n\n### Fixed\n\n## [1.6.0]\n';
    expect(readChangelog(broken).problems).toEqual([
      'not a kind of change: Improved',
      '1.5.0 has two Fixed sections',
      '1.6.0 has no date',
      'the first section is not [Unreleased]',
      '1.5.0 is listed before 1.6.0',
    ]);
  });
});

describe.each(['generated', 'client', 'server', 'mock', 'contract-tests'])('CHANGELOG.md of the package in %s/', (dir) => {
  const manifest = JSON.parse(readFileSync(join(__dirname, '..', dir, 'package.json'), 'utf8')) as { name: string; version: string };
  const text = readFileSync(join(__dirname, '..', dir, 'CHANGELOG.md'), 'utf8');

  it('keeps the Keep a Changelog form', () => {
    expect(readChangelog(text).problems).toEqual([]);
  });

  it("its newest release is the package's version in package.json", () => {
    const released = readChangelog(text).releases.filter((r) => r.version !== 'Unreleased');
    expect({ package: manifest.name, newest: released[0]?.version }).toEqual({ package: manifest.name, newest: manifest.version });
  });
});
