'use client';

import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { failureOf } from '@/components/data/fetch-data';
import { useApiErrorText } from '@/components/ui/use-api-error';
import { formatDateTime } from '@/lib/i18n/format';
import ui from '@/components/ui/ui.module.css';
import { useRideAction } from './queries';
import type { PartnerRide } from './types';
import styles from './rides.module.css';

/**
 * Where a ride's start code is (the console never shows it): with the rider
 * in their app, or sent to a customer booked by phone (by SMS or WhatsApp,
 * when), with "Resend code to customer" while the ride has not started.
 */
export function StartCodeLine({ ride, timeZone, compact = false }: { ride: PartnerRide; timeZone: string; compact?: boolean }) {
  const t = useTranslations('PartnerRides');
  const td = useTranslations('Dispatch');
  const locale = useLocale();
  const errorText = useApiErrorText();
  const resend = useRideAction();
  const [note, setNote] = useState<{ text: string; failed: boolean } | null>(null);
  if (ride.status !== 'booked' && ride.status !== 'accepted') return null;

  const where =
    ride.codeSentAt && ride.codeSentVia
      ? td('codeSent', { channel: td(`channel.${ride.codeSentVia}`), time: formatDateTime(ride.codeSentAt, locale, timeZone) })
      : ride.bookedForCustomer
        ? td('codeWithCustomer')
        : td('codeWithRider');
  const Line = compact ? 'span' : 'p';
  return (
    <Line className={`${styles.meta} ${styles.codeLine}`}>
      <span>
        {compact ? t('otp') : td('code')}: {where}
      </span>
      {ride.phone ? (
        <button
          type="button"
          className={`${ui.button} ${ui.secondary}`}
          disabled={resend.isPending}
          onClick={() => {
            setNote(null);
            resend.mutate(
              { rideId: ride.id, payload: { action: 'resendCode' } },
              {
                onSuccess: () => setNote({ text: td('codeResent'), failed: false }),
                onError: (error) => setNote({ text: errorText(failureOf(error)), failed: true }),
              },
            );
          }}
        >
          {resend.isPending ? td('resending') : td('resendCode')}
        </button>
      ) : null}
      {note ? (
        <span role={note.failed ? 'alert' : 'status'} className={note.failed ? ui.error : undefined}>
          {note.text}
        </span>
      ) : null}
    </Line>
  );
}
