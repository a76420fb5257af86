'use client';

import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** The promo code the rider brought (a `?promo=CODE` link) or typed, kept for this tab until the booking uses it. */
type PromoState = { code: string | null; setCode: (code: string | null) => void };

export const usePromoStore = create<PromoState>()(
  persist((set) => ({ code: null, setCode: (code) => set({ code }) }), {
    name: 'ride_promo',
    storage: createJSONStorage(() => sessionStorage),
    partialize: (state) => ({ code: state.code }),
  }),
);
