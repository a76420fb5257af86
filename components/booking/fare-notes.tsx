'use client';

import { useLocale, useTranslations } from 'next-intl';
import ui from '@/components/ui/ui.module.css';

type Minimum = { km_per_day: number; days: number; billed_km: number; trip_km: number };

/** The outstation minimum billed instead of the km driven (docs/requirements/rider.md#choosing-a-vehicle), as the invoice says it too. */
export function BilledMinimum({ minimum }: { minimum: Minimum | null | undefined }) {
  const t = useTranslations('FareLines');
  const locale = useLocale();
  if (!minimum) return null;
  const km = (value: number) => new Intl.NumberFormat(locale).format(value);
  return (
    <span className={ui.hint} data-billed-minimum>
      {t('billedMinimum', { kmPerDay: km(minimum.km_per_day), days: minimum.days, billedKm: km(minimum.billed_km), tripKm: km(minimum.trip_km) })}
    </span>
  );
}
