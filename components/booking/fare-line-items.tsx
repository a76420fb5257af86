'use client';

import { Fragment } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { formatMoney } from '@/lib/i18n/format';
import type { FareLine } from '@/lib/money/fare-lines';

/** The itemised fare as <dt>/<dd> pairs inside the caller's <dl>: the same lines the invoice prints (lib/money/fare-lines). */
export function FareLineItems({ lines, currency, promoCode }: { lines: readonly FareLine[]; currency: string; promoCode?: string | null }) {
  const t = useTranslations('FareLines');
  const locale = useLocale();
  return (
    <>
      {lines.map((line, index) => (
        <Fragment key={`${line.code}-${index}`}>
          <dt>{line.code === 'discount' ? t('discount', { code: promoCode ?? '' }) : t(line.code)}</dt>
          <dd>{formatMoney(line.amount, currency, locale)}</dd>
        </Fragment>
      ))}
    </>
  );
}
