/** Typed errors that the route wrapper maps to status codes and a JSON message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The Validation message key behind a 400, so screens can show it in the user's language. */
  key?: string;
}

export const badRequest = (message: string, field?: string) => new ApiError(400, 'bad_request', message, field);
export const unauthorized = (message = 'Sign in to continue.') => new ApiError(401, 'unauthorized', message);
export const forbidden = (message = 'You are not allowed to do this.') => new ApiError(403, 'forbidden', message);
export const notFound = (message = 'Not found.') => new ApiError(404, 'not_found', message);
export const conflict = (message: string) => new ApiError(409, 'conflict', message);
export const payloadTooLarge = (limit: number) => new ApiError(413, 'payload_too_large', `The request body is larger than ${limit} bytes.`);
export const tooManyRequests = (retryAfterSeconds: number, message = 'Too many requests. Try again later.') =>
  new ApiError(429, 'rate_limited', message, undefined, { 'Retry-After': String(retryAfterSeconds) });
