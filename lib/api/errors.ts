import { DomainError, type ErrorKind } from '@/lib/errors/domain-error';

export { DomainError, badRequest, forbidden, notFound, payloadTooLarge, unauthorized } from '@/lib/errors/domain-error';

/** The HTTP status of each kind of domain error: the one place where failures become status codes. */
export const HTTP_STATUS: Record<ErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  gone: 410,
  too_large: 413,
  unsupported: 415,
  locked: 423,
  rate_limited: 429,
  unavailable: 503,
};

/** Headers a domain error's answer carries (Retry-After for rate limits). */
export function errorHeaders(error: DomainError): Record<string, string> | undefined {
  return error.retryAfterSeconds === undefined ? undefined : { 'Retry-After': String(error.retryAfterSeconds) };
}
