'use client';

import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { formatDateTime, formatMoney } from '@/lib/i18n/format';

/** The cancellation rule of a fare before booking: free until a time, then the fee on this fare (kept from what is paid in advance). */
export function CancellationNote({
  freeUntil,
  fee,
  currency,
  timeZone,
  className,
}: {
  freeUntil: string;
  fee: number;
  currency: string;
  timeZone: string;
  className?: string;
}) {
  const t = useTranslations('Cancellation');
  const locale = useLocale();
  const time = formatDateTime(freeUntil, locale, timeZone);
  const [now] = useState(() => Date.now());
  return (
    <p className={className}>
      {new Date(freeUntil).getTime() > now
        ? t('ruleBefore', { time, fee: formatMoney(fee, currency, locale) })
        : t('ruleLate', { fee: formatMoney(fee, currency, locale) })}{' '}
      {t('prepaidOnly')}
    </p>
  );
}
