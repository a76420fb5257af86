'use client';

import { useTranslations } from 'next-intl';
import ui from '@/components/ui/ui.module.css';
import styles from './booking.module.css';

/** Continue, disabled until the form is valid, and never a silent grey button: what it still needs, in the form's own words. */
export function RideContinue({ id, hydrated, valid, missing }: { id: string; hydrated: boolean; valid: boolean; missing: string[] }) {
  const t = useTranslations('Booking');
  const tf = useTranslations('RideFlow');
  return (
    <>
      <button
        type="submit"
        className={`${ui.button} ${ui.primary} ${styles.full}`}
        disabled={!hydrated || !valid}
        aria-describedby={hydrated && !valid ? `${id}-missing` : undefined}
      >
        {t('continue')}
      </button>
      {hydrated && !valid ? (
        <p id={`${id}-missing`} className={ui.hint} data-testid="continue-needs">
          {missing.length ? tf('continueNeeds', { items: missing.join(' · ') }) : tf('continueFix')}
        </p>
      ) : null}
    </>
  );
}
