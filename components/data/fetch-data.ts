import { apiCall, type ApiFailure } from '@/lib/api/client';

/** A failed API call as react-query sees it (thrown by a query or mutation function); `failure` is the API's error. */
export class ApiRequestError extends Error {
  readonly failure: ApiFailure;
  constructor(failure: ApiFailure) {
    super(failure.message);
    this.name = 'ApiRequestError';
    this.failure = failure;
  }
  get status(): number {
    return this.failure.status;
  }
}

export const isUnauthorized = (error: unknown): boolean => error instanceof ApiRequestError && error.status === 401;

/**
 * The `data` of this site's API answer, or throws ApiRequestError: the one
 * transport of the per-resource fetch functions (components/<feature>/api.ts),
 * so a typed client can replace it in one place.
 */
export async function fetchData<T>(path: string, init?: Parameters<typeof apiCall>[1]): Promise<T> {
  const result = await apiCall<{ data: T }>(path, init);
  if (!result.ok) throw new ApiRequestError(result.error);
  return result.data.data;
}

/** The API's error of a thrown call (a network failure when it is something else). */
export const failureOf = (error: unknown): ApiFailure =>
  error instanceof ApiRequestError ? error.failure : { code: 'network', message: 'network', status: 0 };
