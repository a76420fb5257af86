'use client';

import { useEffect } from 'react';
import { usePromoStore } from './promo-store';

/** A shared link's `?promo=CODE` fills the code in for the summary (checked there against the fare). */
export function PromoFromLink() {
  useEffect(() => {
    const code = new URLSearchParams(window.location.search).get('promo')?.trim();
    if (code) usePromoStore.getState().setCode(code.slice(0, 40));
  }, []);
  return null;
}
