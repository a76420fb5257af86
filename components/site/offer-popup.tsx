'use client';

import { useId } from 'react';
import { create } from 'zustand';
import { Link } from '@/lib/i18n/navigation';
import { useHydrationStore } from '@/components/ui/hydration-store';
import ui from '@/components/ui/ui.module.css';
import { OFFER_DISMISSED_KEY } from './app-start';
import styles from './popups.module.css';

export type OfferLabels = { title: string; body: string; book: string; close: string };

const isDismissed = () => sessionStorage.getItem(OFFER_DISMISSED_KEY) === 'true';

/** Dismissed in this tab since the page loaded (earlier dismissals are read from sessionStorage). */
const useOfferStore = create<{ dismissed: boolean; dismiss: () => void }>()((set) => ({
  dismissed: false,
  dismiss: () => {
    sessionStorage.setItem(OFFER_DISMISSED_KEY, 'true');
    set({ dismissed: true });
  },
}));

/**
 * The riders' offer card; closing it keeps it away for the browser session
 * (sessionStorage OfferPopupDismissed=true). The server renders it, so it is
 * part of the first paint instead of arriving after hydration; it fades in
 * after a moment (CSS), by which time a rider who dismissed it has it removed.
 */
export function OfferPopup({ labels, bookHref }: { labels: OfferLabels; bookHref: string }) {
  const id = useId();
  const hydrated = useHydrationStore((s) => s.hydrated);
  const dismissed = useOfferStore((s) => s.dismissed);
  const dismiss = useOfferStore((s) => s.dismiss);
  if (hydrated && (dismissed || isDismissed())) return null;
  return (
    <dialog open className={styles.offer} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{labels.title}</h2>
      <p>{labels.body}</p>
      <Link href={bookHref} className={`${ui.button} ${ui.primary}`} onClick={dismiss}>
        {labels.book}
      </Link>
      <button type="button" className={styles.close} aria-label={labels.close} onClick={dismiss}>
        <span aria-hidden="true">×</span>
      </button>
    </dialog>
  );
}
