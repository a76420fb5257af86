'use client';

import { useEffect, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { queryKeys } from '@/lib/query-keys';
import { useApiErrorText } from '@/components/ui/use-api-error';
import ui from '@/components/ui/ui.module.css';
import { checkPromoCode } from './api';
import { usePromoStore } from './promo-store';
import styles from './booking.module.css';
import { toMinor } from '@/lib/money/minor';

export type AppliedPromo = { code: string; discount: number };

/**
 * The summary's promo code: typed or brought by a `?promo=` link (checked at
 * once), checked against the chosen fare; the refusal says why in the rider's
 * language. `onApplied` gets the code and its discount (minor units), or null.
 */
export function PromoEntry({
  rideSearchId,
  rideVehicle,
  rideNonAc,
  onApplied,
}: {
  rideSearchId: string;
  rideVehicle: Parameters<typeof checkPromoCode>[0]['rideVehicle'];
  rideNonAc?: boolean;
  onApplied: (promo: AppliedPromo | null) => void;
}) {
  const t = useTranslations('Promo');
  const errorText = useApiErrorText();
  const id = useId();
  const stored = usePromoStore((s) => s.code);
  const [text, setText] = useState(stored ?? '');
  // the code being checked against this fare: the link's or the rider's
  const [code, setCode] = useState<string | null>(stored);
  const check = useQuery({
    queryKey: queryKeys.rider.promo(code ?? '', rideSearchId, rideNonAc ? `${rideVehicle}-non-ac` : rideVehicle),
    queryFn: () => checkPromoCode({ code: code ?? '', rideSearchId, rideVehicle, ...(rideNonAc ? { rideNonAc } : {}) }),
    enabled: Boolean(code),
    staleTime: 60_000,
  });
  const result = code ? check.data : undefined;
  const applied = result?.ok ? result.data.data : null;
  const problem = result && !result.ok ? errorText(result.error) : undefined;

  useEffect(() => {
    if (applied) usePromoStore.getState().setCode(applied.code);
    onApplied(applied ? { code: applied.code, discount: toMinor(applied.discount) } : null);
  }, [applied, onApplied]);

  const remove = () => {
    usePromoStore.getState().setCode(null);
    setCode(null);
    setText('');
  };

  return (
    <form
      className={styles.promo}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim()) setCode(text.trim());
      }}
    >
      <label htmlFor={`${id}-code`}>{t('label')}</label>
      <div className={styles.promoRow}>
        <input
          id={`${id}-code`}
          className={ui.input}
          value={text}
          maxLength={40}
          autoCapitalize="characters"
          autoComplete="off"
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-status`}
          onChange={(event) => setText(event.target.value)}
          readOnly={applied !== null}
        />
        {applied ? (
          <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={remove}>
            {t('remove')}
          </button>
        ) : (
          <button type="submit" className={`${ui.button} ${ui.secondary}`} disabled={check.isFetching || !text.trim()}>
            {t('apply')}
          </button>
        )}
      </div>
      <p id={`${id}-status`} role="status" className={problem ? ui.error : ui.hint}>
        {problem ?? (applied ? t('applied', { code: applied.code }) : '')}
      </p>
    </form>
  );
}
