import { createHash, timingSafeEqual } from 'node:crypto';
import type { HostedAuthorization, OnboardingProvider } from '../../provider/channel-provider';
import type { Store } from '../../store/repositories';
import type { Channel, ClientRecord, OnboardingSession, PartnerId } from '../../store/records';
import type { Clients } from './clients';
import { SECOND_MS, type Clock } from '../shared/clock';
import { DomainError, notFound } from '../shared/errors';
import type { IdGenerator } from '../shared/ids';
import { callProvider, onboardingFailure } from '../shared/provider-failures';

/** Hosted sessions are valid this long after creation, and usable once. */
export const SESSION_TTL_SECONDS = 600;

export type SessionState = 'open' | 'used' | 'expired';

/** A used or expired session: the hosted page says so and creates nothing. */
export class SessionUnusableError extends DomainError<'conflict'> {
  constructor(readonly state: Exclude<SessionState, 'open'>) {
    super(
      'conflict',
      state === 'used'
        ? 'This connection link has already been used. Ask for a new link.'
        : 'This connection link has expired (links are valid for 10 minutes). Ask for a new link.',
    );
  }
}

export function sessionState(session: OnboardingSession, now: Date): SessionState {
  if (session.used_at !== null) return 'used';
  if (now.getTime() >= session.expires_at.getTime()) return 'expired';
  return 'open';
}

function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Hosted onboarding sessions: created by the API, completed by a person on the hosted page. */
export class Sessions {
  constructor(
    private readonly store: Pick<Store, 'sessions' | 'clients' | 'transaction'>,
    private readonly clients: Clients,
    private readonly provider: OnboardingProvider,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  /** Opens a session of the partner for `client_ref` on `channel`; 409 when the reference is already connected. */
  async create(partnerId: PartnerId, channel: Channel, clientRef: string, keyId: string): Promise<{ session: OnboardingSession; token: string }> {
    await this.clients.assertReferenceAvailable(partnerId, channel, clientRef);
    const now = this.clock();
    const token = this.ids.secret(18);
    const session: OnboardingSession = {
      id: this.ids.id('ses'),
      partner_id: partnerId,
      channel,
      client_ref: clientRef,
      token_hash: hashToken(token),
      created_at: now,
      expires_at: new Date(now.getTime() + SESSION_TTL_SECONDS * SECOND_MS),
      used_at: null,
      key_id: keyId,
    };
    await this.store.sessions.insert(session);
    return { session, token };
  }

  /** The session behind a hosted URL, if it is open; 404 for an unknown id or a wrong token. */
  async open(sessionId: string, token: string): Promise<OnboardingSession> {
    const session = await this.authenticate(sessionId, token);
    const state = sessionState(session, this.clock());
    if (state !== 'open') throw new SessionUnusableError(state);
    return session;
  }

  /**
   * Runs the provider authorization for what the person entered and creates the client for the session's
   * partner; the session is consumed in the same transaction, once across every instance. A refused authorization or an account already connected under
   * another reference creates nothing and leaves the session open for another try.
   */
  async complete(sessionId: string, token: string, input: Omit<HostedAuthorization, 'channel'>): Promise<ClientRecord> {
    const session = await this.open(sessionId, token);
    const account = await callProvider(() => this.provider.authorizeHostedConnection({ ...input, channel: session.channel }), onboardingFailure);
    return this.clients.connect(session.partner_id, session.client_ref, account, async (tx) => {
      if (!(await tx.sessions.markUsed(session.id, this.clock()))) throw new SessionUnusableError('used');
      const current = await tx.sessions.findById(session.id);
      if (current && this.clock().getTime() >= current.expires_at.getTime()) throw new SessionUnusableError('expired');
    });
  }

  /** The partner a session was created for (its hosted page runs in that partner's time), if the session exists. */
  async partnerOf(sessionId: string): Promise<PartnerId | undefined> {
    return (await this.store.sessions.findById(sessionId))?.partner_id;
  }

  private async authenticate(sessionId: string, token: string): Promise<OnboardingSession> {
    const session = await this.store.sessions.findById(sessionId);
    const given = Buffer.from(hashToken(token), 'hex');
    if (!session || !timingSafeEqual(Buffer.from(session.token_hash, 'hex'), given)) {
      throw notFound('This connection link is not valid. Check that you copied it whole.');
    }
    return session;
  }
}

/** Advanced onboarding: exchange a signup code for a `chat` client (real with either kind of key). */
export class Signup {
  constructor(
    private readonly clients: Clients,
    private readonly provider: OnboardingProvider,
  ) {}

  async complete(partnerId: PartnerId, clientRef: string, authCode: string): Promise<ClientRecord> {
    await this.clients.assertReferenceUnused(partnerId, clientRef);
    const account = await callProvider(() => this.provider.exchangeSignupCode(authCode), onboardingFailure);
    return this.clients.connect(partnerId, clientRef, account);
  }
}
