import type { UseQueryResult } from '@tanstack/react-query';

/**
 * What a screen draws for a read: 'loading' on the first read and while a
 * Retry after a failure runs, 'error' when the last read failed, else 'ready'.
 */
export function loadStatus(query: Pick<UseQueryResult, 'isPending' | 'isError' | 'isFetching'>): 'loading' | 'error' | 'ready' {
  if (query.isError) return query.isFetching ? 'loading' : 'error';
  return query.isPending ? 'loading' : 'ready';
}
