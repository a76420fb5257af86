'use client';

import { useEffect, useState } from 'react';

/** The current time, ticking every `ms` (ages, countdowns, arrival times): render stays pure. */
export function useNow(ms = 5000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}
