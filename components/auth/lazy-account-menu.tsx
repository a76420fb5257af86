'use client';

import dynamic from 'next/dynamic';
import styles from './account-menu.module.css';

/**
 * The header's account control, loaded after first paint: until the session is known it is a
 * placeholder of the same size anyway (the server cannot know who is signed in), so the page's
 * first-load JavaScript leaves it out (issue 17) without a layout shift.
 */
export const LazyAccountMenu = dynamic(() => import('./account-menu').then((m) => m.AccountMenu), {
  ssr: false,
  loading: () => <span className={styles.placeholder} aria-hidden="true" />,
});
