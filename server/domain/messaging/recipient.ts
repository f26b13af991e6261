// Who a `chat` message goes to, in one spelling: the contract's "phone number in international format,
// digits only" (openapi.yaml, Recipient). A leading `+`, spaces and dashes are how people write numbers, so
// they are removed; anything else is refused. Every lookup by recipient (the service window, test recipients,
// the message's record behind `message.status` and usage) reads the number this rule answers, so `+49 151…`
// and `49151…` are one person.
import type { Channel } from '../../store/records';
import { badRequest } from '../shared/errors';

const SEPARATORS = /[\s-]/g;
const DIGITS = /^[0-9]+$/;

/** The digits of a phone number written with a leading `+`, spaces or dashes; undefined when other characters remain. */
export function chatNumberDigits(written: string): string | undefined {
  const digits = written.replace(SEPARATORS, '').replace(/^\+/, '');
  return DIGITS.test(digits) ? digits : undefined;
}

/**
 * A recipient as the channel knows it: on `chat` the digits of the number (400 `bad_request` naming `field`
 * when it is not one), on `social` the scoped user id as given.
 */
export function recipientOn(channel: Channel, written: string, field = 'to'): string {
  if (channel !== 'chat') return written;
  const digits = chatNumberDigits(written);
  if (digits === undefined) {
    throw badRequest(`${field} must be a phone number in international format: digits only, after a leading +, spaces and dashes are removed (got ${JSON.stringify(written)}).`, {
      details: { [field]: ['must be a phone number in international format: digits only (a leading +, spaces and dashes are removed)'] },
    });
  }
  return digits;
}
