// The drift check's fixtures file for one partner of this server (`npm run sandbox -- fixtures`,
// POST /sandbox/contract-fixtures), made through the sandbox's own services.
import type { Domain } from '../domain';
import { DAY_MS } from '../domain/shared/clock';
import type { PartnerId } from '../store/records';
import type { SandboxSimulator } from './simulator';

export class ContractFixtures {
  constructor(
    private readonly domain: Domain,
    private readonly simulator: SandboxSimulator,
    /** A short run-unique suffix for the names of what it makes. */
    private readonly nextSeq: () => string,
  ) {}

  /**
   * The drift check's fixtures file (docs/contract-testing-in-ci.md) for one partner of this server, made the
   * way a partner makes each fixture in the portal: fresh clients and keys, an approved template, inbound
   * media, a test recipient; what a run consumes (signup codes, a key to exhaust) comes from issuers it calls
   * each time, which act for the same partner. A second partner, made for the file, holds the resources the
   * run must never reach (a chat client, its template and a media id issued to it).
   */
  async make(partner: PartnerId, at: { origin: string; adminToken: string }) {
    const { domain } = this;
    const run = this.nextSeq();
    const chat = (await this.simulator.connectClient(partner, { client_ref: `contract-chat-${run}`, channel: 'chat' })).client_ref;
    const social = (await this.simulator.connectClient(partner, { client_ref: `contract-social-${run}`, channel: 'social' })).client_ref;
    const key = (mode: 'test' | 'live', scopes: string[] | 'all', name: string, expiresAt?: Date) =>
      domain.keys.create(partner, { mode, scopes, name: `contract ${name}`, expiresAt });
    // Keys are created with an expiry ahead of the clock; this one is waited past below.
    const expiresAt = new Date(domain.clock().getTime() + 200);
    const expired = await key('live', 'all', 'expired', expiresAt);
    const revoked = await key('live', 'all', 'revoked');
    await domain.keys.revoke(partner, revoked.key.id);
    const trialEnded = await key('live', 'all', 'trial ended');
    await domain.trial.set(partner, { keyId: trialEnded.key.id, endsAt: new Date(domain.clock().getTime() - DAY_MS), graceDays: 0 });
    const template = { name: `contract_approved_${run}`, language: 'en_US' };
    await domain.templates.create(partner, {
      client_ref: chat,
      ...template,
      category: 'UTILITY',
      body: { text: 'Hello {{1}}, your order {{2}} has shipped.', examples: ['Anna', '10482'] },
    });
    await this.simulator.decideReview(partner, { client_ref: chat, template_ref: template.name, language: template.language, status: 'APPROVED' });
    await this.simulator.registerTestRecipient(partner, { client_ref: chat, recipient: CONTRACT_TEST_RECIPIENT });
    const inbound = await this.simulator.inbound(partner, {
      client_ref: chat,
      from: CONTRACT_TEST_RECIPIENT,
      media: { type: 'image', content_base64: INBOUND_JPEG.toString('base64'), mime_type: 'image/jpeg' },
    });
    const foreign = await this.secondTenant(run);
    while (domain.clock().getTime() <= expiresAt.getTime()) await new Promise((r) => setTimeout(r, 10));
    const admin = { authorization: `Bearer ${at.adminToken}` };
    const sandboxUrl = (path: string) => `${at.origin}/sandbox${path}?partner=${encodeURIComponent(partner)}`;
    return {
      base_url: `${at.origin}/v1`,
      api_key: (await key('live', 'all', 'drift check')).plain,
      // Two more keys of the same partner: the drift check spreads its generated requests over the three windows.
      extra_api_keys: [(await key('live', 'all', 'drift check 2')).plain, (await key('live', 'all', 'drift check 3')).plain],
      chat_client_ref: chat,
      social_client_ref: social,
      // webhooks:read grants no public operation.
      restricted_api_key: (await key('live', ['webhooks:read'], 'restricted')).plain,
      test_api_key: (await key('test', 'all', 'test')).plain,
      expired_api_key: expired.plain,
      revoked_api_key: revoked.plain,
      trial_expired_api_key: trialEnded.plain,
      trial_expired_chat_client_ref: chat,
      approved_template: template.name,
      approved_template_language: template.language,
      inbound_media_id: 'media_id' in inbound ? inbound.media_id : undefined,
      test_recipient: CONTRACT_TEST_RECIPIENT,
      // Signup codes are the provider's, for no partner in particular: the key that exchanges one decides.
      signup_auth_code: { issue: { method: 'POST', url: `${at.origin}/sandbox/signup-codes`, headers: admin }, pick: '/auth_code' },
      rate_limit_api_key: {
        issue: { method: 'POST', url: sandboxUrl('/keys'), headers: admin, body: { mode: 'live', scopes: 'all', name: 'contract rate limit' } },
        pick: '/key',
      },
      foreign_chat_client_ref: foreign.chat,
      foreign_template: foreign.template,
      foreign_media_id: foreign.mediaId,
      webhook_test_trigger: { method: 'POST', url: sandboxUrl('/webhook/test'), headers: admin, body: { client_ref: chat } },
      webhook_configure: { method: 'PUT', url: sandboxUrl('/webhook'), headers: admin, body: { url: '{webhook_url}', secret: '{webhook_secret}', events: [] } },
    };
  }

  /** Another partner of this server with a chat client, a template of it and an image uploaded through it. */
  private async secondTenant(run: string): Promise<{ chat: string; template: string; mediaId: string }> {
    const { domain } = this;
    const partner = (await domain.partners.create(`contract foreign ${run}`)).id;
    const chat = (await this.simulator.connectClient(partner, { client_ref: `contract-foreign-chat-${run}`, channel: 'chat' })).client_ref;
    const template = await domain.templates.create(partner, {
      client_ref: chat,
      name: `contract_foreign_${run}`,
      language: 'en_US',
      category: 'UTILITY',
      body: { text: 'Hello {{1}}, this template belongs to another partner.', examples: ['Anna'] },
    });
    const media = await domain.media.upload(partner, chat, await domain.spoolBytes(INBOUND_JPEG, 'image/jpeg', 'foreign.jpg'));
    return { chat, template: template.id, mediaId: media.mediaId };
  }
}

/** The drift check's test recipient on this server (no simulator trigger ends its number). */
const CONTRACT_TEST_RECIPIENT = '4915100000777';
/** The first bytes of a JPEG: what an end user's phone sends in as the drift check's inbound media. */
const INBOUND_JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), Buffer.alloc(512, 0x11)]);
