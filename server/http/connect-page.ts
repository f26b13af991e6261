import express, { Router, type Response } from 'express';
import type { Domain } from '../domain';
import type { PartnerTime } from '../domain/shared/partner-time';
import type { Channel, OnboardingSession } from '../store/records';
import { DomainError } from '../domain/shared/errors';
import { SessionUnusableError } from '../domain/onboarding/sessions';

/**
 * The hosted connection page behind a session URL (`/connect/<session_id>?token=…`): GET shows the
 * form, POST runs the authorization against the channel provider and creates the client. Failures are
 * pages for a person, not API envelopes.
 */
export function connectPageRouter(domain: Domain, time?: Pick<PartnerTime, 'within'>): Router {
  const router = Router();
  router.use(express.urlencoded({ extended: false, limit: '16kb' }));
  // The page of a session runs in the time of the partner that created it (whose clock may be ahead).
  if (time) {
    router.param('session_id', (req, _res, next, sessionId: string) => {
      domain.sessions.partnerOf(sessionId).then((partner) => (partner === undefined ? next() : time.within(partner, () => next())), next);
    });
  }

  router.get('/:session_id', async (req, res) => {
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    try {
      const session = await domain.sessions.open(req.params.session_id, token);
      page(res, 200, 'Connect your account', form(session, token, {}));
    } catch (error) {
      failure(res, error);
    }
  });

  router.post('/:session_id', async (req, res) => {
    const fields = (req.body ?? {}) as Record<string, unknown>;
    const text = (name: string) => (typeof fields[name] === 'string' ? (fields[name] as string).trim() : '');
    const token = text('token');
    const entered = { business_name: text('business_name'), phone_number: text('phone_number'), username: text('username') };
    try {
      if (entered.business_name === '') throw new DomainError('bad_request', 'Enter the business name.');
      const client = await domain.sessions.complete(req.params.session_id, token, entered);
      page(
        res,
        200,
        'Connected',
        `<p class="ok">Connected. The client <code>${escapeHtml(client.client_ref)}</code> is ready on the <code>${client.channel}</code> channel` +
          `${client.phone_number ? ` with the number <code>${escapeHtml(client.phone_number)}</code>` : ''}. You can close this page.</p>`,
      );
    } catch (error) {
      if (error instanceof DomainError && !(error instanceof SessionUnusableError) && error.status !== 404) {
        try {
          const session = await domain.sessions.open(req.params.session_id, token);
          page(res, statusOf(error), 'Connect your account', `<p class="error">${escapeHtml(error.message)}</p>${form(session, token, entered)}`);
          return;
        } catch (reopen) {
          failure(res, reopen);
          return;
        }
      }
      failure(res, error);
    }
  });
  return router;
}

function statusOf(error: DomainError): number {
  if (error instanceof SessionUnusableError) return 410;
  return error.status === 404 || error.status === 409 || error.status === 502 ? error.status : 400;
}

function failure(res: Response, error: unknown): void {
  if (!(error instanceof DomainError)) throw error;
  const title = error instanceof SessionUnusableError ? (error.state === 'used' ? 'Link already used' : 'Link expired') : 'Cannot connect';
  page(res, statusOf(error), title, `<p class="error">${escapeHtml(error.message)}</p><p>Nothing was connected.</p>`);
}

const CHANNEL_LABEL: Record<Channel, string> = { chat: 'chat (phone number)', social: 'social (professional account)' };

function form(session: OnboardingSession, token: string, entered: Record<string, string>): string {
  const value = (name: string, fallback: string) => escapeHtml(entered[name] || fallback);
  const accountField =
    session.channel === 'chat'
      ? `<label>Phone number (international, digits)<input name="phone_number" inputmode="tel" required value="${value('phone_number', suggestedNumber(session.id))}"></label>`
      : `<label>Account handle<input name="username" required value="${value('username', `acct_${session.id.slice(-8)}`)}"></label>`;
  return `<p>Connect a <strong>${CHANNEL_LABEL[session.channel]}</strong> account as client <code>${escapeHtml(session.client_ref)}</code>.
This link works once and expires at ${session.expires_at.toISOString()}.</p>
<form method="post" action="/connect/${encodeURIComponent(session.id)}">
<input type="hidden" name="token" value="${escapeHtml(token)}">
<label>Business name<input name="business_name" required value="${value('business_name', session.client_ref)}"></label>
${accountField}
<button type="submit">Authorize and connect</button>
</form>
<p class="note">Simulated provider: the number 15550000400 or the handle <code>rejected</code> is declined; 15550000502 or <code>unavailable</code> makes the provider unreachable.</p>`;
}

/** A ready-to-submit number derived from the session id (the person may type any other). */
function suggestedNumber(sessionId: string): string {
  const hex = (sessionId.split('_').pop() ?? '').replace(/[^0-9a-f]/gi, '').slice(0, 12) || '0';
  return `1555${BigInt(`0x${hex}`).toString().padStart(7, '0').slice(0, 7)}`;
}

function page(res: Response, status: number, title: string, body: string): void {
  res
    .status(status)
    .type('html')
    .setHeader('Cache-Control', 'no-store')
    .setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'")
    .send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Partner Messaging</title>
<style>body{font-family:system-ui,sans-serif;max-width:34rem;margin:3rem auto;padding:0 1rem;line-height:1.5}
label{display:block;margin:.8rem 0}input{display:block;width:100%;padding:.4rem;font:inherit}
button{margin-top:1rem;padding:.5rem 1rem;font:inherit}.error{color:#a40000}.ok{color:#1a6b1a}.note{color:#666;font-size:.85rem}</style>
</head><body><h1>${escapeHtml(title)}</h1>
${body}
</body></html>`);
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
