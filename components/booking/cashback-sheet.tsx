'use client';

import { useId } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { formatMoney } from '@/lib/i18n/format';
import { PhoneLogin } from '@/components/auth/phone-login';
import { useSessionStore } from '@/components/auth/session-store';
import { BottomSheet } from '@/components/ui/bottom-sheet';
import ui from '@/components/ui/ui.module.css';
import styles from './booking.module.css';

/** Signup sheet height in dvh (docs/requirements/rider.md#numbers-the-screens-use). */
const SIGNUP_SHEET_HEIGHT = 42;

/** Book now signed out: the cashback sign-in sheet (name and phone code); `onSignedIn` books once the session is read again. */
export function CashbackSheet({
  cashback,
  currency,
  defaultCountry,
  defaultPhone,
  onSignedIn,
  onClose,
}: {
  /** Minor units. */
  cashback: number;
  currency: string;
  defaultCountry: string;
  defaultPhone?: { dialCode: string; number: string } | null;
  onSignedIn: () => void;
  onClose: () => void;
}) {
  const t = useTranslations('RideSummary');
  const locale = useLocale();
  const id = useId();
  return (
    <div className={styles.sheetLayer}>
      <BottomSheet initialHeight={SIGNUP_SHEET_HEIGHT} handleLabel={t('sheetHandle')} labelledBy={`${id}-sheet`}>
        <h2 id={`${id}-sheet`} className={styles.cardTitle}>
          {t('cashbackTitle', { amount: formatMoney(cashback, currency, locale) })}
        </h2>
        <p className={ui.hint}>{t('cashbackSubtitle')}</p>
        <PhoneLogin
          askName
          defaultCountry={defaultCountry}
          defaultPhone={defaultPhone}
          onSuccess={async () => {
            await useSessionStore.getState().refresh();
            onSignedIn();
          }}
        />
        <button type="button" className={styles.linkButton} onClick={onClose}>
          {t('close')}
        </button>
      </BottomSheet>
    </div>
  );
}
