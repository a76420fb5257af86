'use client';

import { useEffect, useState } from 'react';
import type { AccountMenu } from './account-menu';

/**
 * The header's account control, loaded after first paint: until the session is known it is a
 * placeholder of the same size anyway (the server cannot know who is signed in), so the page's
 * first-load JavaScript leaves it out (issue 17) without a layout shift.
 */
const PLACEHOLDER = { display: 'inline-block', width: 72 } as const;

export function LazyAccountMenu(props: { defaultCountry: string }) {
  const [Menu, setMenu] = useState<typeof AccountMenu | null>(null);
  useEffect(() => {
    let gone = false;
    import('./account-menu').then(
      (loaded) => {
        if (!gone) setMenu(() => loaded.AccountMenu);
      },
      (error: unknown) => console.warn('account menu failed to load', error),
    );
    return () => {
      gone = true;
    };
  }, []);
  // The size of AccountMenu's own placeholder (account-menu.module.css), without its styles' code.
  return Menu ? <Menu {...props} /> : <span style={PLACEHOLDER} aria-hidden="true" />;
}
