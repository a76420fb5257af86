'use client';

import { create } from 'zustand';
import { loadOnce } from '@/lib/ui/load-once';

/*
 * The shared field schemas (lib/contact/identifiers, zod/mini, ~7 kB gzipped)
 * for the forms on pages whose first-load JavaScript is at its budget (the
 * rider's booking form, the console login): fetched on the first interaction
 * with a field, as the phone input is (./lazy-phone-field). Until they arrive
 * a field shows no message and its form does not submit.
 */

type FieldSchemas = typeof import('@/lib/contact/identifiers');

const useFieldSchemasStore = create<{ schemas: FieldSchemas | undefined }>(() => ({ schemas: undefined }));

/** Fetches the field schemas once (again after a failed fetch); safe to call on every interaction. */
export const loadFieldSchemas = loadOnce(async (): Promise<FieldSchemas> => {
  const schemas = await import('@/lib/contact/identifiers');
  useFieldSchemasStore.setState({ schemas });
  return schemas;
});

/** The field schemas once fetched, else undefined (call `loadFieldSchemas` to fetch them). */
export function useFieldSchemas(): FieldSchemas | undefined {
  return useFieldSchemasStore((state) => state.schemas);
}
