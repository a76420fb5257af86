'use client';

import { useLocale, useTranslations } from 'next-intl';
import type { RideView } from '@/lib/rides/queries';
import { formatMoney } from '@/lib/i18n/format';

/** Where each refund of a ride stands, for its rider: on its way to the card, back on it, delayed, or in the wallet. */
export function RiderRefunds({ ride, className }: { ride: RideView; className?: string }) {
  const t = useTranslations('Refunds');
  const locale = useLocale();
  if (!ride.refunds.length) return null;
  return (
    <>
      {ride.refunds.map((refund) => (
        <p key={refund.id} className={className}>
          {t(`rider.${refund.method}.${refund.status}`, { amount: formatMoney(refund.amount, refund.currency, locale) })}
        </p>
      ))}
    </>
  );
}
