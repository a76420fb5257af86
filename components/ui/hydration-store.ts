'use client';

import { create } from 'zustand';

/**
 * `hydrated` is false in the server HTML and during hydration (React reads the
 * store's initial state then), true once React controls the page: forms stay
 * disabled until then. In the browser the store is true from the start.
 */
export const useHydrationStore = create(() => ({ hydrated: false }));

if (typeof window !== 'undefined') useHydrationStore.setState({ hydrated: true });
