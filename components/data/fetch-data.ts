import { typedCall, type ApiFailure } from '@/lib/api/typed-client';

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

type DataOf<T> = T extends { data: infer D } ? D : never;
type JsonOf<R> = R extends { json(): Promise<infer T> } ? T : never;

/**
 * The `data` of a typed client call's answer (lib/api/typed-client.ts), or
 * throws ApiRequestError: the one transport of the per-resource fetch
 * functions (components/<feature>/api.ts).
 */
export async function fetchData<R extends { ok: boolean; status: number; statusText: string; json(): Promise<unknown> }>(
  request: Promise<R>,
): Promise<DataOf<JsonOf<R>>> {
  const result = await typedCall(request);
  if (!result.ok) throw new ApiRequestError(result.error);
  return (result.data as { data: DataOf<JsonOf<R>> }).data;
}

/** The API's error of a thrown call (a network failure when it is something else). */
export const failureOf = (error: unknown): ApiFailure =>
  error instanceof ApiRequestError ? error.failure : { code: 'network', message: 'network', status: 0 };
