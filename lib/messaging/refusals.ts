import { DomainError } from '@/lib/errors/domain-error';
import type { Refusal } from './budget';

/**
 * A refused message as an answer a screen can show (Validation keys
 * messageLimit, messageCap, messageAbroad, messageRecipient): 429 with
 * Retry-After for a spent budget, 403 for a number outside the operator's
 * market, 400 for an address no provider could reach.
 */
export function refusalError(refusal: Refusal, recipient: string, dialCode?: string): DomainError {
  const minutes = Math.max(1, Math.ceil(refusal.retryAfterSeconds / 60));
  let error: DomainError;
  let key: string;
  let values: Record<string, string | number>;
  switch (refusal.reason) {
    case 'abroad':
      key = 'messageAbroad';
      values = { to: recipient, dialCode: dialCode ?? '' };
      error = new DomainError(
        'forbidden',
        'message_abroad',
        `Messages to ${recipient} are not sent: this operator sends SMS and WhatsApp only to +${dialCode} numbers unless it turns on messages abroad in Business settings.`,
      );
      break;
    case 'bad_recipient':
      key = 'messageRecipient';
      values = { to: recipient };
      error = new DomainError('invalid', 'message_recipient', `${recipient} is not a phone number messages can be sent to.`);
      break;
    case 'operator_hour':
    case 'operator_day':
      key = 'messageCap';
      values = { minutes, max: refusal.max ?? 0 };
      error = new DomainError(
        'rate_limited',
        'message_cap',
        `This operator has sent its ${refusal.max} messages for now (a limit the platform sets). Try again in ${minutes} minutes.`,
        undefined,
        refusal.retryAfterSeconds,
      );
      break;
    default:
      key = 'messageLimit';
      values = { to: recipient, minutes };
      error = new DomainError(
        'rate_limited',
        'message_limit',
        `Enough messages went to ${recipient} for now. Try again in ${minutes} minutes.`,
        undefined,
        refusal.retryAfterSeconds,
      );
  }
  error.key = key;
  error.values = values;
  return error;
}
