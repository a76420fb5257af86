'use client';

import { useEffect, useEffectEvent, useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import { useApiErrorText } from '@/components/ui/use-api-error';
import ui from '@/components/ui/ui.module.css';
import { checkPromoCode } from './api';
import { usePromoStore } from './promo-store';
import styles from './booking.module.css';

export type AppliedPromo = { code: string; discount: number };

/**
 * The summary's promo code: typed or brought by a `?promo=` link (applied at
 * once), checked against the chosen fare; the refusal says why in the rider's
 * language. `onApplied` gets the code and its discount (minor units), or null.
 */
export function PromoEntry({
  rideSearchId,
  rideVehicle,
  onApplied,
}: {
  rideSearchId: string;
  rideVehicle: Parameters<typeof checkPromoCode>[0]['rideVehicle'];
  onApplied: (promo: AppliedPromo | null) => void;
}) {
  const t = useTranslations('Promo');
  const errorText = useApiErrorText();
  const id = useId();
  const stored = usePromoStore((s) => s.code);
  const [text, setText] = useState(stored ?? '');
  const [applied, setApplied] = useState<string | null>(null);
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);

  const apply = async (code: string) => {
    setProblem(undefined);
    setBusy(true);
    const result = await checkPromoCode({ code, rideSearchId, rideVehicle });
    setBusy(false);
    if (!result.ok) {
      setApplied(null);
      onApplied(null);
      setProblem(errorText(result.error));
      return;
    }
    usePromoStore.getState().setCode(result.data.data.code);
    setText(result.data.data.code);
    setApplied(result.data.data.code);
    onApplied({ code: result.data.data.code, discount: Math.round(result.data.data.discount * 100) });
  };

  // a code brought by a link (or kept from an earlier step) is applied to this fare at once
  const applyStored = useEffectEvent(() => {
    if (stored) void apply(stored);
  });
  useEffect(() => applyStored(), [rideSearchId, rideVehicle]);

  const remove = () => {
    usePromoStore.getState().setCode(null);
    setApplied(null);
    setText('');
    setProblem(undefined);
    onApplied(null);
  };

  return (
    <form
      className={styles.promo}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim()) void apply(text);
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
          <button type="submit" className={`${ui.button} ${ui.secondary}`} disabled={busy || !text.trim()}>
            {t('apply')}
          </button>
        )}
      </div>
      <p id={`${id}-status`} role="status" className={problem ? ui.error : ui.hint}>
        {problem ?? (applied ? t('applied', { code: applied }) : '')}
      </p>
    </form>
  );
}
