'use client';

import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { cancelRideSchema } from '@/lib/booking/schemas';
import type { RideView } from '@/lib/rides/queries';
import { failureOf } from '@/components/data/fetch-data';
import { useFieldError } from '@/components/auth/field-error';
import { useModalDialog } from '@/components/ui/use-modal-dialog';
import ui from '@/components/ui/ui.module.css';
import auth from '@/components/auth/auth.module.css';
import { useCancelRide } from './queries';
import { RideCancellation } from './ride-cancellation';
import { prepaidOfRide } from '@/lib/money/cancellation';
import styles from './rider.module.css';

/** The schema's limit, for the textarea and its counter. */
const REASON_MAX = cancelRideSchema.shape.reason.maxLength ?? 300;

type Props = {
  ride: RideView;
  timeZone: string;
  onCancelled: (ride: RideView) => void;
  /** `stale` when the server refused because the ride changed meanwhile. */
  onClose: (stale: boolean) => void;
};

/** Asks the reason and cancels the ride; the pending cashback is reversed on the server. */
export function CancelRideDialog({ ride, timeZone, onCancelled, onClose }: Props) {
  const t = useTranslations('RiderRides');
  const ta = useTranslations('Auth');
  const tr = useTranslations('Refunds');
  const fieldError = useFieldError();
  const dialog = useModalDialog();
  const id = useId();
  const cancel = useCancelRide();
  const [failure, setFailure] = useState<{ message: string; stale: boolean }>();
  const paidByCard = prepaidOfRide(ride).card > 0;
  const form = useForm({
    resolver: zodResolver(cancelRideSchema),
    mode: 'onTouched',
    defaultValues: { reason: '', refundTo: paidByCard ? ('provider' as const) : undefined },
  });
  const reason = useWatch({ control: form.control, name: 'reason' }) ?? '';
  const { errors, isSubmitting } = form.formState;
  const reasonError = fieldError(errors.reason);

  const close = () => {
    if (!isSubmitting) onClose(Boolean(failure?.stale));
  };

  return (
    <dialog
      ref={dialog}
      className={auth.dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
    >
      <form
        noValidate
        onSubmit={form.handleSubmit(async (input) => {
          setFailure(undefined);
          const result = await cancel.mutateAsync({ rideId: ride.id, reason: input.reason, refundTo: input.refundTo }).then(
            (cancelled) => ({ ok: true as const, cancelled }),
            (error: unknown) => ({ ok: false as const, error: failureOf(error) }),
          );
          if (result.ok) return onCancelled(result.cancelled);
          const stale = result.error.status === 409 || result.error.status === 404;
          if (result.error.field === 'reason') form.setError('reason', { message: result.error.message }, { shouldFocus: true });
          else setFailure({ stale, message: t(stale ? 'cannotCancel' : 'cancelFailed') });
        })}
      >
        <h2 id={`${id}-title`}>{t('cancelTitle', { id: ride.id })}</h2>
        <p id={`${id}-body`}>{t('cancelBody')}</p>
        <RideCancellation ride={ride} timeZone={timeZone} />
        <div className={ui.field}>
          <label htmlFor={`${id}-reason`}>{t('reasonLabel')}</label>
          <textarea
            id={`${id}-reason`}
            className={`${ui.input} ${styles.reason}`}
            maxLength={REASON_MAX}
            required
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={`${id}-count${reasonError ? ` ${id}-error` : ''}`}
            {...form.register('reason')}
          />
          <p id={`${id}-count`} className={ui.counter}>
            {t('reasonCounter', { count: reason.length, max: REASON_MAX })}
          </p>
          {reasonError ? (
            <p id={`${id}-error`} className={ui.error}>
              {reasonError}
            </p>
          ) : null}
        </div>
        {paidByCard ? (
          <fieldset className={ui.field}>
            <legend>{tr('refundToLabel')}</legend>
            <label>
              <input type="radio" value="provider" {...form.register('refundTo')} /> {tr('refundToCard')}
            </label>
            <label>
              <input type="radio" value="wallet" {...form.register('refundTo')} /> {tr('refundToWallet')}
            </label>
          </fieldset>
        ) : null}
        {failure ? (
          <p role="alert" className={ui.error}>
            {failure.message}
          </p>
        ) : null}
        <div className={styles.actions}>
          <button type="submit" className={`${ui.button} ${styles.danger}`} disabled={isSubmitting || failure?.stale}>
            {isSubmitting ? t('cancelling') : t('confirmCancel')}
          </button>
          <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={close} disabled={isSubmitting}>
            {failure?.stale ? ta('close') : t('keepRide')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
