'use client';

import { useId } from 'react';
import { create } from 'zustand';
import { Link } from '@/lib/i18n/navigation';
import { useHydrationStore } from '@/components/ui/hydration-store';
import ui from '@/components/ui/ui.module.css';
import { OFFER_DISMISSED_KEY } from './app-start';
import styles from './popups.module.css';

export type OfferLabels = { title: string; body: string; book: string; close: string };

const isDismissed = () => {
  try {
    return localStorage.getItem(OFFER_DISMISSED_KEY) === 'true';
  } catch {
    return false;
  }
};

/** Dismissed since the page loaded (earlier dismissals, in any tab, are read from localStorage). */
const useOfferStore = create<{ dismissed: boolean; dismiss: () => void }>()((set) => ({
  dismissed: false,
  dismiss: () => {
    try {
      localStorage.setItem(OFFER_DISMISSED_KEY, 'true');
    } catch {
      // storage refused (private mode): dismissed for this page only
    }
    set({ dismissed: true });
  },
}));

/**
 * The riders' offer card, in the page's flow below the booking form (never
 * pinned over it); closing it keeps it away in every tab and visit
 * (localStorage OfferPopupDismissed=true). The server renders it, so it is
 * part of the first paint; it fades in after a moment (CSS), by which time a
 * rider who dismissed it has it removed.
 */
export function OfferPopup({ labels, bookHref }: { labels: OfferLabels; bookHref: string }) {
  const id = useId();
  const hydrated = useHydrationStore((s) => s.hydrated);
  const dismissed = useOfferStore((s) => s.dismissed);
  const dismiss = useOfferStore((s) => s.dismiss);
  if (hydrated && (dismissed || isDismissed())) return null;
  return (
    <aside className={styles.offer} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{labels.title}</h2>
      <p>{labels.body}</p>
      <Link href={bookHref} className={`${ui.button} ${ui.primary}`} onClick={dismiss}>
        {labels.book}
      </Link>
      <button type="button" className={styles.close} aria-label={labels.close} onClick={dismiss}>
        <span aria-hidden="true">×</span>
      </button>
    </aside>
  );
}
