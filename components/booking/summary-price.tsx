'use client';

import { useId } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { formatMoney } from '@/lib/i18n/format';
import { toMinor } from '@/lib/money/minor';
import ui from '@/components/ui/ui.module.css';
import type { Quote } from './api';
import type { RideFormData, SelectedVehicle } from './booking-store';
import { CancellationNote } from './cancellation-note';
import { FareLineItems } from './fare-line-items';
import { BilledMinimum } from './fare-notes';
import { PromoEntry, type AppliedPromo } from './promo-entry';
import styles from './booking.module.css';

/** What the rider pays (minor units): the total after the promo, the wallet's part and the rest to the driver. */
export type SummaryAmounts = { total: number; available: number; walletMax: number; walletApplied: number; toDriver: number };

/** The price breakdown: fare lines with the promo's discount, total, wallet line, fare notes, promo code, cancellation and the wallet switch. */
export function SummaryPrice({
  trip,
  selected,
  fee,
  amounts,
  promo,
  onPromo,
  walletSwitch,
  timeZone,
}: {
  trip: RideFormData;
  selected: SelectedVehicle;
  fee: Quote['ride_details'][number]['fee'];
  amounts: SummaryAmounts;
  promo: AppliedPromo | null;
  onPromo: (promo: AppliedPromo | null) => void;
  walletSwitch: UseFormRegisterReturn<'useWallet'>;
  timeZone: string;
}) {
  const t = useTranslations('RideSummary');
  const tf = useTranslations('RideFlow');
  const locale = useLocale();
  const id = useId();
  const money = (major: number) => formatMoney(toMinor(major), fee.currency, locale);
  const minor = (amount: number) => formatMoney(amount, fee.currency, locale);
  const { total, available, walletMax, walletApplied, toDriver } = amounts;
  const lines = [
    ...fee.lines.map((line) => ({ code: line.code, amount: toMinor(line.amount) })),
    ...(promo ? [{ code: 'discount' as const, amount: -promo.discount }] : []),
  ];

  return (
    <section className={styles.card} aria-labelledby={`${id}-price`}>
      <h2 id={`${id}-price`} className={styles.cardTitle}>
        {t('priceBreakdown')}
      </h2>
      <dl className={styles.breakdown}>
        <FareLineItems lines={lines} currency={fee.currency} promoCode={promo?.code} />
        <dt className={styles.totalRow}>{t('total')}</dt>
        <dd className={styles.totalRow}>{minor(total)}</dd>
        {walletApplied > 0 ? (
          <>
            <dt>{tf('walletLine')}</dt>
            <dd>−{minor(walletApplied)}</dd>
            <dt className={styles.totalRow}>{tf('toDriver')}</dt>
            <dd className={styles.totalRow}>{minor(toDriver)}</dd>
          </>
        ) : null}
      </dl>
      {fee.minimum ? (
        <p>
          <BilledMinimum minimum={fee.minimum} />
        </p>
      ) : null}
      {fee.waiting && fee.waiting.per_block > 0 ? (
        <p className={ui.hint}>
          {tf(trip.tripKind === 'airport' && trip.flightDirection === 'arrival' ? 'waitingRuleFlight' : 'waitingRule', {
            free: fee.waiting.free_minutes ?? 0,
            amount: money(fee.waiting.per_block),
            block: fee.waiting.block_minutes ?? 15,
          })}
        </p>
      ) : null}
      <PromoEntry rideSearchId={selected.quote.ride_search_id} rideVehicle={selected.vehicleType} rideNonAc={selected.nonAc} onApplied={onPromo} />
      {selected.quote.cancellation && fee.cancellation_fee !== null ? (
        <CancellationNote
          className={ui.hint}
          freeUntil={selected.quote.cancellation.free_until}
          fee={toMinor(fee.cancellation_fee)}
          currency={fee.currency}
          timeZone={timeZone}
        />
      ) : null}
      {walletMax > 0 ? (
        <label className={styles.radioRow}>
          <input type="checkbox" {...walletSwitch} />
          <span>{tf('useWallet', { amount: minor(walletMax), available: minor(available) })}</span>
        </label>
      ) : null}
    </section>
  );
}
