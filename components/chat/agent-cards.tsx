'use client';

import { useLocale, useTranslations } from 'next-intl';
import type { AgentData } from '@/lib/chat/contract';
import { formatMoney } from '@/lib/i18n/format';
import { Link } from '@/lib/i18n/navigation';
import ui from '@/components/ui/ui.module.css';
import styles from './chat.module.css';

type Props = {
  data: AgentData;
  /** Only the newest reply's choices can be tapped. */
  active: boolean;
  ridesHref: string;
  onReply: (text: string) => void;
  onSignIn: () => void;
};

/** The cards under an agent reply: vehicle quotes to pick, the booking to confirm, the booked ride, a sign-in prompt. */
export function AgentCards({ data, active, ridesHref, onReply, onSignIn }: Props) {
  const t = useTranslations('Chat');
  const tVehicle = useTranslations('VehicleTypes');
  const locale = useLocale();
  const money = (minor: number, currency: string) => formatMoney(minor, currency, locale);

  switch (data.kind) {
    case 'quotes':
      return (
        <div className={styles.card}>
          <h2>{t('quotesTitle')}</h2>
          <ul className={styles.cards}>
            {data.options.map((option) => {
              // a type offered with and without AC: each card says which (its reply names it so)
              const both = data.options.some((o) => o.vehicleType === option.vehicleType && o !== option);
              const name = tVehicle(option.vehicleType);
              const vehicle = option.nonAc ? tVehicle('nonAc', { vehicle: name }) : both ? tVehicle('ac', { vehicle: name }) : name;
              const total = money(option.total, data.currency);
              return (
                <li key={`${option.vehicleType}${option.nonAc ? '-non-ac' : ''}`}>
                  {/* Named by what it shows (vehicle and price): a label saying more would not match the visible text. */}
                  <button type="button" className={styles.option} disabled={!active} onClick={() => onReply(t('pickVehicle', { vehicle }))}>
                    <span>{vehicle}</span>
                    <span className={styles.optionPrice}>{total}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      );
    case 'confirm':
      return (
        <div className={styles.card}>
          <h2>{t('confirmTitle')}</h2>
          {data.summary ? <p>{data.summary}</p> : null}
          <p>
            <strong>{t('quoteTotal', { total: money(data.total, data.currency) })}</strong>
          </p>
          <div className={styles.actions}>
            <button type="button" className={`${ui.button} ${ui.primary}`} disabled={!active} onClick={() => onReply(t('confirmReply'))}>
              {t('confirm')}
            </button>
            <button type="button" className={`${ui.button} ${ui.secondary}`} disabled={!active} onClick={() => onReply(t('changeReply'))}>
              {t('change')}
            </button>
          </div>
        </div>
      );
    case 'booked':
      return (
        <div className={styles.card}>
          <h2>{t('bookedTitle', { id: data.rideId })}</h2>
          <p>{t('bookedTotal', { total: money(data.total, data.currency) })}</p>
          {data.cashbackAmount > 0 ? <p>{t('bookedCashback', { amount: money(data.cashbackAmount, data.currency) })}</p> : null}
          <Link href={ridesHref}>{t('viewRides')}</Link>
        </div>
      );
    case 'signin':
      return (
        <div className={styles.card}>
          <p>{t('signInNeeded')}</p>
          <div className={styles.actions}>
            <button type="button" className={`${ui.button} ${ui.primary}`} onClick={onSignIn}>
              {t('signIn')}
            </button>
          </div>
        </div>
      );
    default:
      return null;
  }
}
