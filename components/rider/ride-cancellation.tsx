'use client';

import { useLocale, useTranslations } from 'next-intl';
import type { RideView } from '@/lib/rides/queries';
import { formatDateTime, formatMoney } from '@/lib/i18n/format';
import { cancellationCharge, feeSplit, prepaidOfRide } from '@/lib/money/cancellation';

/** What cancelling a ride costs now (the rule's arithmetic, lib/money/cancellation), or the fee a cancelled ride kept. */
export function rideCancellationText(
  ride: RideView,
  t: ReturnType<typeof useTranslations<'Cancellation'>>,
  locale: string,
  timeZone: string,
  now = new Date(),
): string {
  const money = (minor: number) => formatMoney(minor, ride.currency, locale);
  if (ride.status === 'cancelled') return ride.cancellationFee > 0 ? t('feeKept', { fee: money(ride.cancellationFee) }) : t('noFeeKept');
  const charge = cancellationCharge(
    ride.cancellation.rule,
    { fare: ride.totalAmount, pickupTime: ride.pickupTime, hasDriver: ride.driverAssigned },
    'rider',
    now,
  );
  const { fee } = feeSplit(charge, prepaidOfRide(ride));
  if (charge.why === 'free_window')
    return t('freeUntil', { time: formatDateTime(ride.cancellation.freeUntil, locale, timeZone), fee: money(ride.cancellation.lateFee) });
  if (charge.why === 'no_driver') return t('freeNoDriver');
  return fee > 0 ? t('feeNow', { fee: money(fee) }) : t('lateNothingPrepaid');
}

/** The line next to Cancel on My rides. */
export function RideCancellation({ ride, timeZone, id, className }: { ride: RideView; timeZone: string; id?: string; className?: string }) {
  const t = useTranslations('Cancellation');
  const locale = useLocale();
  return (
    <p id={id} className={className}>
      {rideCancellationText(ride, t, locale, timeZone)}
    </p>
  );
}
