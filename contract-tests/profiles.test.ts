// The coverage table and the target profiles: which case runs where is decided in one place.
import { contract } from '../spec';
import { Coverage } from './coverage';
import { cases } from './cases';
import { planCase } from './harness';
import { MOCK_PROFILE, externalTarget } from './targets';

describe('coverage is operation × documented status × error code', () => {
  test('an exercised cell is marked, an unknown code is listed as undocumented, only a checked 2xx makes an operation checked', () => {
    const c = new Coverage('t');
    c.record('sendMessage', '400', 'channel_type_unsupported');
    c.record('sendMessage', '400', 'made_up_code');
    c.record('getStatus', '200', undefined);
    const row = c.table().split('\n').find((l) => l.startsWith('| sendMessage '))!;
    expect(row).toContain('✔ 400 channel_type_unsupported');
    expect(row).toContain('✘ 400 media_link_required');
    expect(row).toMatch(/\| 400 made_up_code \|$/);
    c.record('getUsage', '401', 'unauthorized');
    expect(c.operationsWithoutSuccess()).not.toContain('getStatus');
    // A refusal proves nothing about what the operation does when it works.
    expect(c.operationsWithoutSuccess()).toContain('getUsage');
  });
});

describe('profiles decide, in one place, which case runs where', () => {
  const byName = (n: string) => cases.find((c) => c.name === n)!;
  test('a social client refuses a sticker: skipped on the mock with the profile reason', () => {
    expect(planCase(byName('a social client refuses a sticker, location, contacts, interactive or reaction with 400 channel_type_unsupported'), MOCK_PROFILE)).toEqual({
      run: false,
      kind: 'profile',
      reason: MOCK_PROFILE.cannot.rules,
    });
  });
  test('an external target without a fixture skips the case naming the option to pass', () => {
    const t = externalTarget({ baseUrl: 'http://x/v1', apiKey: 'k', entries: { values: {}, sources: {} } });
    expect(planCase(byName('getting a client answers 200 with a Client'), t.profile)).toEqual({
      run: false,
      kind: 'fixture',
      reason: 'no chat_client_ref (add it to the fixtures file or set CONTRACT_CHAT_CLIENT_REF)',
      fixtures: ['chatClientRef'],
    });
  });
  test('every operation of openapi.yaml has at least one case that runs on the mock', () => {
    const run = new Set(cases.filter((c) => planCase(c, MOCK_PROFILE).run).map((c) => c.operation));
    expect(contract().operations.map((o) => o.operationId).filter((o) => !run.has(o))).toEqual([]);
  });
});
