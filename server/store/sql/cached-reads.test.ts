// What the store holds in memory is dropped because a statement wrote its table, whichever repository method
// made it: every method of every repository interface (read from repositories.ts itself, so a new method
// cannot be left out) is called in turn on a store whose cached reads were all held just before, and then
//   - every cached read answers what the database holds (read again inside a transaction, which never
//     answers from memory),
//   - the cached reads the call changed are exactly the ones it is known to change (so each write is seen to
//     reach its readers),
//   - the cached reads of the tables it writes were dropped (the next read asks the database), and the others
//     are still held.
// On PostgreSQL the tables' NOTIFY triggers are turned off for this database: only this process's own
// statements can drop what it holds, as on SQLite for its own writes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { newPostgresDatabase, testDatabaseKind } from '../../testing';
import { PostgresConnection } from '../postgres/connection';
import { DEFAULT_PARTNER_ID, type ApiKey, type ClientId, type ClientRecord, type Delivery, type Fault, type RequestLogEntry, type TemplateRecord } from '../records';
import type { Store } from '../repositories';
import { openDatabase } from '../sqlite/database';
import { SqliteConnection } from '../sqlite/connection';
import { WatchedConnection, type SqlConnection, type StatementKind } from './connection';
import { CACHED_READ_NAMES, tableOf, type CachedRead } from './held-in-memory';
import { sqlStore } from './store';

/** Every method of every repository the Store hands out, as `store property.method`, from repositories.ts. */
function repositoryMethods(): string[] {
  const file = join(__dirname, '..', 'repositories.ts');
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  source.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node)) interfaces.set(node.name.text, node);
  });
  const methods: string[] = [];
  for (const member of interfaces.get('Store')!.members) {
    if (!ts.isPropertySignature(member) || !member.type || !ts.isTypeReferenceNode(member.type)) continue;
    const repository = interfaces.get(member.type.typeName.getText(source));
    if (!repository) continue;
    for (const method of repository.members) if (ts.isMethodSignature(method)) methods.push(`${member.name.getText(source)}.${method.name.getText(source)}`);
  }
  return methods;
}

/** Counts the statements made on a connection (those of a transaction run on its own connection). */
class CountingConnection extends WatchedConnection {
  statements = 0;
  protected watch<T>(_kind: StatementKind, _sql: string, _params: readonly unknown[] | undefined, statement: () => Promise<T>): Promise<T> {
    this.statements++;
    return statement();
  }
}

const P = DEFAULT_PARTNER_ID;
const T0 = new Date('2026-11-20T10:00:00.000Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const CLIENT: ClientId = { partner_id: P, client_ref: 'held-chat' };
const CONTACT = '4915112340099';

const key = (id: string, extra: Partial<ApiKey> = {}): ApiKey => ({
  id,
  partnerId: P,
  name: id,
  mode: 'live',
  scopes: ['messages:send'],
  hash: `hash-${id}`,
  prefix: 'ik_live_x',
  allowedIps: [],
  expiresAt: null,
  createdAt: T0,
  revokedAt: null,
  replacedById: null,
  ...extra,
});
const client = (ref: string): ClientRecord => ({
  partner_id: P,
  client_ref: ref,
  channel: 'chat',
  business_name: ref,
  phone_number: '4915100000000',
  phone_number_id: `pn-${ref}`,
  business_account_id: `ba-${ref}`,
  account_key: `pn-${ref}`,
  connected_at: T0,
});
const template = (id: string, name: string): TemplateRecord => ({
  ...CLIENT,
  id,
  name,
  language: 'en',
  category: 'UTILITY',
  status: 'APPROVED',
  rejected_reason: null,
  template_type: 'text',
  components: [{ type: 'BODY', text: 'Order {{1}}' }] as TemplateRecord['components'],
  created_at: T0,
  updated_at: T0,
});
const fault = (id: string, extra: Partial<Fault>): Fault => ({
  id,
  partnerId: P,
  kind: '500',
  keyId: null,
  operationId: null,
  retryAfterSeconds: null,
  delayMs: null,
  times: 1,
  remaining: 1,
  sharePercent: null,
  seen: 0,
  heldDeliveryId: null,
  createdAt: T0,
  ...extra,
});
const delivery = (id: string, eventId: string): Delivery => ({
  id,
  partner_id: P,
  event_id: eventId,
  url: 'https://receiver.example/hooks',
  state: 'pending',
  trigger: 'automatic',
  attempts: 0,
  next_attempt_at: T0,
  overtakes: null,
  created_at: T0,
  updated_at: T0,
});

/** One request of the partner's log. */
const logged = (requestId: string): RequestLogEntry => ({
  partnerId: P,
  requestId,
  at: T0,
  method: 'GET',
  path: '/v1/clients',
  operationId: 'listClients',
  status: 200,
  errorCode: null,
  durationMs: 1.5,
  keyId: 'k-main',
  keyPrefix: 'ik_live_abcd',
  detail: '{}',
});

/** How each cached read is read through the repositories. */
const READS: Record<CachedRead, (s: Store) => unknown> = {
  keysByHash: (s) => s.keys.findByHash(key('k-main').hash),
  clientsByRef: (s) => s.clients.findByRef(P, CLIENT.client_ref),
  clientPages: (s) => s.clients.page(P, 20, 0),
  clientCounts: (s) => s.clients.count(P),
  lastInbound: (s) => s.serviceWindow.lastInbound(CLIENT, CONTACT),
  templateLists: (s) => s.templates.list(CLIENT),
  templateSyncs: (s) => s.templates.syncedAt(CLIENT),
  usage: (s) => s.usage.between(P, '2026-01', '2026-12'),
  faultTargets: (s) => s.faults.targets(),
  partnerClocks: (s) => s.partnerClocks.offsetOf(P),
  clocksAhead: (s) => s.partnerClocks.ahead(),
};

interface Call {
  /** The tables the method writes. */
  writes?: string[];
  /** The cached reads whose answer the call changes. */
  changes?: CachedRead[];
  run(s: Store): unknown;
}

/** Every repository method, in the order they run (each on what the ones before left). */
const CALLS: Record<string, Call> = {
  'partners.insert': { writes: ['partners'], run: (s) => s.partners.insert({ id: 'ptn_other', name: 'Other', created_at: T0 }) },
  'partners.findById': { run: (s) => s.partners.findById(P) },
  'partners.list': { run: (s) => s.partners.list() },
  'portalTokens.put': { writes: ['portal_tokens'], run: (s) => s.portalTokens.put({ partnerId: P, hash: 'ab'.repeat(32), issuedAt: T0 }) },
  'portalTokens.findByHash': { run: (s) => s.portalTokens.findByHash('ab'.repeat(32)) },
  'requestLog.insert': { writes: ['request_log'], run: (s) => s.requestLog.insert([logged('req-1'), logged('req-2')]) },
  'requestLog.page': { run: (s) => s.requestLog.page(P, { limit: 10, status: 200 }) },
  'requestLog.find': { run: (s) => s.requestLog.find(P, 'req-1') },
  'requestLog.trim': { writes: ['request_log'], run: (s) => s.requestLog.trim(P, 1, T0) },
  'partnerClocks.offsetOf': { run: (s) => s.partnerClocks.offsetOf('ptn_other') },
  'partnerClocks.set': { writes: ['partner_clocks'], changes: ['partnerClocks', 'clocksAhead'], run: (s) => s.partnerClocks.set(P, 3_600_000) },
  'partnerClocks.ahead': { run: (s) => s.partnerClocks.ahead() },
  'keys.insert': { writes: ['api_keys'], run: (s) => s.keys.insert(key('k-second')) },
  'keys.update': { writes: ['api_keys'], changes: ['keysByHash'], run: (s) => s.keys.update(key('k-main', { revokedAt: at(1) })) },
  'keys.findById': { run: (s) => s.keys.findById(P, 'k-main') },
  'keys.findByHash': { run: (s) => s.keys.findByHash(key('k-second').hash) },
  'keys.list': { run: (s) => s.keys.list(P) },
  'keys.count': { run: (s) => s.keys.count(P) },
  'clients.insert': { writes: ['clients'], changes: ['clientPages', 'clientCounts'], run: (s) => s.clients.insert(client('held-second')) },
  'clients.findByRef': { run: (s) => s.clients.findByRef(P, 'held-second') },
  'clients.findByAccount': { run: (s) => s.clients.findByAccount('chat', 'pn-held-second') },
  'clients.page': { run: (s) => s.clients.page(P, 1, 1) },
  'clients.count': { run: (s) => s.clients.count('ptn_other') },
  'sessions.insert': {
    writes: ['onboarding_sessions'],
    run: (s) =>
      s.sessions.insert({ id: 'ses_1', partner_id: P, channel: 'chat', client_ref: 'held-third', token_hash: 'th', created_at: T0, expires_at: at(10), used_at: null, key_id: 'k-second' }),
  },
  'sessions.findById': { run: (s) => s.sessions.findById('ses_1') },
  'sessions.markUsed': { writes: ['onboarding_sessions'], run: (s) => s.sessions.markUsed('ses_1', at(2)) },
  'usage.increment': { writes: ['usage_monthly'], changes: ['usage'], run: (s) => s.usage.increment(P, '2026-11', 'outbound', 1) },
  'usage.between': { run: (s) => s.usage.between(P, '2026-11', '2026-11') },
  'templates.upsert': { writes: ['templates'], changes: ['templateLists'], run: (s) => s.templates.upsert(template('tpl-second', 'second_update')) },
  'templates.delete': { writes: ['templates'], changes: ['templateLists'], run: (s) => s.templates.delete(CLIENT, 'tpl-second') },
  'templates.findById': { run: (s) => s.templates.findById(CLIENT, 'tpl-main') },
  'templates.findByName': { run: (s) => s.templates.findByName(CLIENT, 'main_update') },
  'templates.list': { run: (s) => s.templates.list({ partner_id: P, client_ref: 'held-second' }) },
  'templates.findByProviderId': { run: (s) => s.templates.findByProviderId('tpl-main') },
  'templates.syncedAt': { run: (s) => s.templates.syncedAt({ partner_id: P, client_ref: 'held-second' }) },
  'templates.markSynced': { writes: ['template_mirror_sync'], changes: ['templateSyncs'], run: (s) => s.templates.markSynced(CLIENT, at(3)) },
  'templates.recordEdit': { writes: ['template_edits'], run: (s) => s.templates.recordEdit('tpl-main', at(4), 'APPROVED') },
  'templates.editsSince': { run: (s) => s.templates.editsSince('tpl-main', T0, 'APPROVED') },
  'templates.blockName': { writes: ['template_name_blocks'], run: (s) => s.templates.blockName(CLIENT, 'gone_update', at(5)) },
  'templates.nameDeletedAt': { run: (s) => s.templates.nameDeletedAt(CLIENT, 'gone_update') },
  'templates.reserveName': { writes: ['template_name_reservations'], run: (s) => s.templates.reserveName(CLIENT, 'new_update', 'en', at(5), at(6)) },
  'templates.releaseName': { writes: ['template_name_reservations'], run: (s) => s.templates.releaseName(CLIENT, 'new_update', 'en') },
  'messages.insert': {
    writes: ['messages'],
    run: (s) =>
      s.messages.insert({ ...CLIENT, id: 'wamid.1', channel: 'chat', recipient: CONTACT, kind: 'free_form', type: 'text', key_mode: 'live', status: 'sent', created_at: T0, updated_at: T0 }),
  },
  'messages.findById': { run: (s) => s.messages.findById(P, 'wamid.1') },
  'messages.recordStatus': { writes: ['messages', 'message_status_history'], run: (s) => s.messages.recordStatus({ message_id: 'wamid.1', status: 'delivered', at: at(6), error: null }) },
  'messages.history': { run: (s) => s.messages.history('wamid.1') },
  'serviceWindow.recordInbound': { writes: ['service_window'], changes: ['lastInbound'], run: (s) => s.serviceWindow.recordInbound(CLIENT, CONTACT, at(7)) },
  'serviceWindow.lastInbound': { run: (s) => s.serviceWindow.lastInbound(CLIENT, '4915112340098') },
  'partnerSettings.get': { run: (s) => s.partnerSettings.get(P, 'trial') },
  'partnerSettings.set': { writes: ['partner_settings'], run: (s) => s.partnerSettings.set(P, 'trial', 'on') },
  'partnerSettings.setIfAbsent': { writes: ['partner_settings'], run: (s) => s.partnerSettings.setIfAbsent(P, 'first', 'yes') },
  'testRecipients.add': { writes: ['test_recipients'], run: (s) => s.testRecipients.add(CLIENT, CONTACT, at(8)) },
  'testRecipients.remove': { writes: ['test_recipients'], run: (s) => s.testRecipients.remove(CLIENT, CONTACT) },
  'testRecipients.has': { run: (s) => s.testRecipients.has(CLIENT, CONTACT) },
  'testRecipients.list': { run: (s) => s.testRecipients.list(CLIENT) },
  'webhooks.config': { run: (s) => s.webhooks.config(P) },
  'webhooks.saveConfig': { writes: ['webhook_config'], run: (s) => s.webhooks.saveConfig(P, { url: 'https://receiver.example/hooks', events: ['message.status'], secret: 'whsec_x', updated_at: T0 }) },
  'webhooks.insertEvent': {
    writes: ['webhook_events'],
    run: (s) => s.webhooks.insertEvent({ event_id: 'evt_1', partner_id: P, event: 'message.status', client_ref: CLIENT.client_ref, body: '{}', created_at: T0 }),
  },
  'webhooks.findEvent': { run: (s) => s.webhooks.findEvent(P, 'evt_1') },
  'webhooks.insertDelivery': { writes: ['webhook_deliveries'], run: (s) => s.webhooks.insertDelivery(delivery('dlv_1', 'evt_1')) },
  'webhooks.findDelivery': { run: (s) => s.webhooks.findDelivery(P, 'dlv_1') },
  'webhooks.claimDue': { writes: ['webhook_deliveries'], run: (s) => s.webhooks.claimDue(at(9), { owner: 'here', until: at(10) }, 10) },
  'webhooks.completeAttempt': { writes: ['webhook_deliveries'], run: (s) => s.webhooks.completeAttempt({ ...delivery('dlv_1', 'evt_1'), state: 'succeeded', attempts: 1, next_attempt_at: null }, 'here') },
  'webhooks.nextDueAt': { run: (s) => s.webhooks.nextDueAt() },
  'webhooks.listDeliveries': { run: (s) => s.webhooks.listDeliveries(P, { limit: 10 }) },
  'webhooks.insertAttempt': {
    writes: ['webhook_attempts'],
    run: (s) => s.webhooks.insertAttempt({ delivery_id: 'dlv_1', number: 1, started_at: at(9), duration_ms: 5, status_code: 204, error: null, succeeded: true }),
  },
  'webhooks.attemptsOf': { run: (s) => s.webhooks.attemptsOf('dlv_1') },
  'webhooks.releaseHeld': { writes: ['webhook_deliveries'], run: (s) => s.webhooks.releaseHeld(P, 'dlv_1', at(11)) },
  'faults.insert': { writes: ['faults'], changes: ['faultTargets'], run: (s) => s.faults.insert(fault('flt-second', { keyId: 'k-second' })) },
  'faults.list': { run: (s) => s.faults.list(P) },
  'faults.liveOfKey': { run: (s) => s.faults.liveOfKey('k-main') },
  'faults.liveOfDeliveries': { run: (s) => s.faults.liveOfDeliveries(P) },
  'faults.targets': { run: (s) => s.faults.targets() },
  // Its last turn: the key is no longer a target.
  'faults.takeTurn': { writes: ['faults'], changes: ['faultTargets'], run: (s) => s.faults.takeTurn('flt-main') },
  'faults.countSeen': { writes: ['faults'], run: (s) => s.faults.countSeen('flt-share') },
  // A used-up delivery fault that holds a delivery makes its partner a target until it lets go.
  'faults.hold': { writes: ['faults'], changes: ['faultTargets'], run: (s) => s.faults.hold('flt-held', 'dlv_1') },
  'faults.held': { run: (s) => s.faults.held(P) },
  'faults.letGo': { writes: ['faults'], changes: ['faultTargets'], run: (s) => s.faults.letGo('flt-held', 'dlv_1') },
  'faults.remove': { writes: ['faults'], changes: ['faultTargets'], run: (s) => s.faults.remove(P, 'flt-second') },
  'faults.clear': { writes: ['faults'], changes: ['faultTargets'], run: (s) => s.faults.clear(P, 'k-share') },
  'rateLimits.hit': { writes: [], run: (s) => s.rateLimits.hit('k-main', T0.getTime()) },
  'rateLimits.purgeBefore': { writes: [], run: (s) => s.rateLimits.purgeBefore(T0.getTime()) },
  'retention.claim': { writes: ['retention_claims'], run: (s) => s.retention.claim('messages', 'here', at(12), at(13)) },
  'retention.release': { writes: ['retention_claims'], run: (s) => s.retention.release('messages', 'here', at(14)) },
  // Past retention at an hour after the start: what the calls above wrote goes.
  'retention.purgeMessages': { writes: ['message_status_history', 'messages'], run: (s) => s.retention.purgeMessages(at(60), 100) },
  'retention.purgeDeliveries': { writes: ['webhook_attempts', 'webhook_deliveries', 'webhook_events'], run: (s) => s.retention.purgeDeliveries(at(60), 100) },
  'retention.purgeSessions': { writes: ['onboarding_sessions'], run: (s) => s.retention.purgeSessions(at(60), 100) },
  'retention.purgeServiceWindows': { writes: ['service_window'], changes: ['lastInbound'], run: (s) => s.retention.purgeServiceWindows(at(60), 100) },
};

/** A read's answer in a form that compares by value (fault targets are sets). */
const comparable = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value ?? null, (_k, v: unknown) => (v instanceof Set ? [...v].sort() : v)));

const onPostgres = testDatabaseKind() === 'postgres';
let counting: CountingConnection;
let store: Store;

beforeAll(async () => {
  let raw: SqlConnection;
  if (onPostgres) {
    const url = await newPostgresDatabase();
    // A heartbeat and an age bound far beyond the test's length: what is held is dropped only by a statement.
    raw = await PostgresConnection.open(url, { heartbeatMs: 60_000, cacheMaxAgeMs: 600_000 });
    for (const table of new Set(CACHED_READ_NAMES.map(tableOf))) await raw.run(`ALTER TABLE ${table} DISABLE TRIGGER USER`);
  } else {
    raw = new SqliteConnection(openDatabase(':memory:'));
  }
  counting = new CountingConnection(raw);
  store = sqlStore(counting).store;
  await store.keys.insert(key('k-main'));
  await store.clients.insert(client(CLIENT.client_ref));
  await store.serviceWindow.recordInbound(CLIENT, CONTACT, T0);
  await store.templates.upsert(template('tpl-main', 'main_update'));
  await store.templates.markSynced(CLIENT, T0);
  await store.usage.increment(P, '2026-11', 'outbound', 1);
  await store.faults.insert(fault('flt-main', { keyId: 'k-main' }));
  await store.faults.insert(fault('flt-share', { keyId: 'k-share', times: null, remaining: null, sharePercent: 50 }));
  await store.faults.insert(fault('flt-held', { kind: 'out_of_order_delivery', remaining: 0 }));
});
afterAll(() => store?.close());

test('every repository method has its call here, and nothing else does', () => {
  expect(Object.keys(CALLS).sort()).toEqual(repositoryMethods().sort());
});

test('every cached read is dropped by some write', () => {
  const written = new Set(Object.values(CALLS).flatMap((c) => c.writes ?? []));
  expect(CACHED_READ_NAMES.filter((read) => !written.has(tableOf(read)))).toEqual([]);
});

describe.each(Object.entries(CALLS))('%s', (_method, call) => {
  test('leaves every cached read answering what the database holds; the reads of the tables it writes are asked again, the others still held', async () => {
    const statementsOf = async (read: (s: Store) => unknown) => {
      const before = counting.statements;
      const value = await read(store);
      return { value: comparable(value), statements: counting.statements - before };
    };
    const before: Partial<Record<CachedRead, unknown>> = {};
    for (const name of CACHED_READ_NAMES) {
      await statementsOf(READS[name]);
      const held = await statementsOf(READS[name]);
      expect({ read: name, statements: held.statements }).toEqual({ read: name, statements: 0 });
      before[name] = held.value;
    }
    await call.run(store);
    const changed: CachedRead[] = [];
    const askedAgain: CachedRead[] = [];
    for (const name of CACHED_READ_NAMES) {
      const after = await statementsOf(READS[name]);
      const fresh = comparable(await store.transaction(async (tx) => READS[name](tx)));
      expect({ read: name, answer: after.value }).toEqual({ read: name, answer: fresh });
      if (JSON.stringify(after.value) !== JSON.stringify(before[name])) changed.push(name);
      if (after.statements > 0) askedAgain.push(name);
    }
    expect(changed.sort()).toEqual([...(call.changes ?? [])].sort());
    expect(askedAgain.sort()).toEqual(CACHED_READ_NAMES.filter((name) => (call.writes ?? []).includes(tableOf(name))).sort());
  });
});

describe('a transaction', () => {
  test('reads in it see its own writes, and what it wrote is read anew once it commits', async () => {
    await store.clients.count(P);
    const heldCount = (await store.clients.count(P)) as number;
    await store.transaction(async (tx) => {
      await tx.clients.insert(client('held-in-tx'));
      expect(await tx.clients.count(P)).toBe(heldCount + 1);
      expect(await tx.clients.findByRef(P, 'held-in-tx')).toMatchObject({ client_ref: 'held-in-tx' });
    });
    expect(await store.clients.count(P)).toBe(heldCount + 1);
  });

  test('one rolled back leaves nothing of its writes held', async () => {
    const count = (await store.clients.count(P)) as number;
    await expect(
      store.transaction(async (tx) => {
        await tx.clients.insert(client('rolled-back'));
        expect(await tx.clients.count(P)).toBe(count + 1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await store.clients.count(P)).toBe(count);
    expect(await store.clients.findByRef(P, 'rolled-back')).toBeUndefined();
  });
});
