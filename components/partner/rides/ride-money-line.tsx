'use client';

import { useLocale, useTranslations } from 'next-intl';
import { formatMoney } from '@/lib/i18n/format';
import type { PartnerRide } from './types';
import styles from './rides.module.css';

/** The money a ride's card adds below the fare: a promo discount the operator bears, the fee a cancellation kept. */
export function RideMoneyLine({ ride }: { ride: PartnerRide }) {
  const tc = useTranslations('Cancellation');
  const tm = useTranslations('Money');
  const locale = useLocale();
  const money = (minor: number) => formatMoney(minor, ride.currency, locale);
  return (
    <>
      {ride.discountAmount > 0 ? <p className={styles.meta}>{tm('promoApplied', { code: ride.promoCode ?? '', amount: money(ride.discountAmount) })}</p> : null}
      {ride.status === 'cancelled' ? (
        <p className={styles.meta}>{ride.cancellationFee > 0 ? tc('feeKept', { fee: money(ride.cancellationFee) }) : tc('noFeeKept')}</p>
      ) : null}
    </>
  );
}
