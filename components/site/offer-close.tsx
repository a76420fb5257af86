'use client';

import { useEffect } from 'react';
import { OFFER_DISMISSED_KEY } from './app-start';
import styles from './popups.module.css';

const isDismissed = () => {
  try {
    return localStorage.getItem(OFFER_DISMISSED_KEY) === 'true';
  } catch {
    return false;
  }
};

const dismiss = (offer: HTMLElement | null) => {
  try {
    localStorage.setItem(OFFER_DISMISSED_KEY, 'true');
  } catch {
    // storage refused (private mode): dismissed for this page only
  }
  if (offer) offer.hidden = true;
};

/**
 * The offer card's client part (the card itself is server HTML): its close
 * button, and on load the card hidden again for a rider who dismissed it in
 * any tab or visit (localStorage OfferPopupDismissed=true). Following the
 * card's Book link dismisses it too.
 */
export function OfferClose({ offerId, label }: { offerId: string; label: string }) {
  useEffect(() => {
    const offer = document.getElementById(offerId);
    if (!offer) return;
    if (isDismissed()) offer.hidden = true;
    const book = offer.querySelector('a');
    const onBook = () => dismiss(offer);
    book?.addEventListener('click', onBook);
    return () => book?.removeEventListener('click', onBook);
  }, [offerId]);
  return (
    <button type="button" className={styles.close} aria-label={label} onClick={() => dismiss(document.getElementById(offerId))}>
      <span aria-hidden="true">×</span>
    </button>
  );
}
