import { createNavigation } from 'next-intl/navigation';
import { routing } from './routing';

/** Locale-aware Link, redirect and pathname helpers: every link is built here, never by hand. */
export const { Link, redirect, usePathname, useRouter, getPathname } = createNavigation(routing);
