'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { useRouter } from '@/lib/i18n/navigation';
import { useSessionStore } from '@/components/auth/session-store';
import type { ConsoleArea } from './sections';
import styles from './console.module.css';

/** The 80 px console header: hides while scrolling down, returns on scrolling up; the menu button opens the drawer. */
export function ConsoleHeader({ area, brand, drawer }: { area: ConsoleArea; brand: ReactNode; drawer: ReactNode }) {
  const t = useTranslations('ConsoleNav');
  const router = useRouter();
  const [hidden, setHidden] = useState(false);
  const [open, setOpen] = useState(false);
  const lastY = useRef(0);
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const onScroll = () => {
      const y = window.scrollY;
      setHidden(y > lastY.current && y > 80);
      lastY.current = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  useEffect(() => {
    if (open) dialog.current?.showModal();
    else dialog.current?.close();
  }, [open]);

  return (
    <header className={styles.header} data-hidden={hidden || undefined}>
      <button type="button" className={styles.menuButton} aria-label={t('openMenu')} aria-expanded={open} onClick={() => setOpen(true)}>
        ☰
      </button>
      {brand}
      <button
        type="button"
        className={styles.logout}
        onClick={async () => {
          await useSessionStore.getState().signOut();
          router.replace(`/${area}/login`);
        }}
      >
        {t('logout')}
      </button>
      <dialog
        ref={dialog}
        className={styles.drawer}
        aria-label={t('menu')}
        onCancel={() => setOpen(false)}
        onClick={(event) => {
          if (event.target === dialog.current) setOpen(false);
        }}
      >
        <div
          onClick={(event) => {
            if ((event.target as HTMLElement).closest('a')) setOpen(false);
          }}
        >
          {drawer}
        </div>
        <button type="button" className={styles.closeDrawer} onClick={() => setOpen(false)}>
          {t('closeMenu')}
        </button>
      </dialog>
    </header>
  );
}
