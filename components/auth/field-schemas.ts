'use client';

import { create } from 'zustand';

/*
 * The shared field schemas (lib/contact/identifiers, zod/mini, ~7 kB gzipped)
 * for the forms on pages whose first-load JavaScript is at its budget (the
 * rider's booking form, the console login): fetched on the first interaction
 * with a field, as the phone input is (./lazy-phone-field). Until they arrive
 * a field shows no message and its form does not submit.
 */

type FieldSchemas = typeof import('@/lib/contact/identifiers');

const useFieldSchemasStore = create<{ schemas: FieldSchemas | undefined }>(() => ({ schemas: undefined }));

let loading: Promise<FieldSchemas> | undefined;

/** Fetches the field schemas once; safe to call on every interaction. */
export function loadFieldSchemas(): Promise<FieldSchemas> {
  loading ??= import('@/lib/contact/identifiers').then(
    (schemas) => {
      useFieldSchemasStore.setState({ schemas });
      return schemas;
    },
    (error: unknown) => {
      loading = undefined; // a failed fetch (offline) is retried on the next interaction
      throw error;
    },
  );
  return loading;
}

/** The field schemas once fetched, else undefined (call `loadFieldSchemas` to fetch them). */
export function useFieldSchemas(): FieldSchemas | undefined {
  return useFieldSchemasStore((state) => state.schemas);
}
