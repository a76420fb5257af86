'use client';

import { useId, useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocale, useTranslations } from 'next-intl';
import { formatMoney } from '@/lib/i18n/format';
import { toMajor } from '@/lib/money/minor';
import { refundRideSchema, type RefundRideInput } from '@/lib/money/refund-schemas';
import { useModalDialog } from '@/components/ui/use-modal-dialog';
import { useMoneyErrorText } from './use-money-error';
import { failureOf } from '@/components/data/fetch-data';
import ui from '@/components/ui/ui.module.css';
import auth from '@/components/auth/auth.module.css';
import { useRefundRide } from './queries';
import type { PartnerRide } from './types';
import styles from './rides.module.css';

/** What is left to refund of a completed ride: its fare less the refunds already made (the server checks it again). */
const leftOf = (ride: PartnerRide) => ride.totalAmount - ride.refunds.reduce((sum, r) => sum + r.amount, 0);

/** Refund all or part of a completed ride, with a reason, to the card it was paid with or the rider's wallet. */
export function RefundDialog({ ride, onClose }: { ride: PartnerRide; onClose: () => void }) {
  const t = useTranslations('Refunds');
  const tm = useTranslations('Money');
  const locale = useLocale();
  const id = useId();
  const dialog = useModalDialog();
  const errorText = useMoneyErrorText();
  const refund = useRefundRide();
  // one key per dialog: a double click or a retried request is the same refund
  const [key] = useState(() => crypto.randomUUID());
  const [problem, setProblem] = useState<string>();
  const byCard = ride.paid && ride.paymentMethod === 'card';
  const form = useForm<RefundRideInput>({
    resolver: zodResolver(refundRideSchema),
    mode: 'onTouched',
    defaultValues: { amount: toMajor(leftOf(ride)), reason: '', method: byCard ? 'provider' : 'wallet', idempotencyKey: key },
  });
  const { errors, isSubmitting } = form.formState;
  const message = (name: keyof RefundRideInput) => {
    const text = errors[name]?.message;
    return text ? (tm.has(`errors.${text}` as 'errors.feeInvalid') ? tm(`errors.${text}` as 'errors.feeInvalid') : text) : undefined;
  };
  const submit = form.handleSubmit(async (input) => {
    setProblem(undefined);
    try {
      await refund.mutateAsync({ rideId: ride.id, input });
      onClose();
    } catch (error) {
      const failure = failureOf(error);
      if (failure.field && failure.field in input)
        form.setError(failure.field as FieldPath<RefundRideInput>, { message: errorText(failure) }, { shouldFocus: true });
      else setProblem(errorText(failure));
    }
  });
  const field = (name: 'amount' | 'reason') => (message(name) ? <p className={ui.error}>{message(name)}</p> : null);

  return (
    <dialog
      ref={dialog}
      className={auth.dialog}
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <form className={styles.dialogForm} noValidate onSubmit={submit}>
        <h2 id={`${id}-title`}>{t('dialogTitle', { id: ride.id })}</h2>
        <p>{t('dialogBody', { left: formatMoney(leftOf(ride), ride.currency, locale) })}</p>
        <label htmlFor={`${id}-amount`}>{t('amount', { currency: ride.currency })}</label>
        <input
          id={`${id}-amount`}
          className={ui.input}
          type="number"
          min={0.01}
          step="0.01"
          inputMode="decimal"
          aria-invalid={message('amount') ? true : undefined}
          {...form.register('amount', { valueAsNumber: true })}
        />
        {field('amount')}
        <label htmlFor={`${id}-reason`}>{t('reasonLabel')}</label>
        <textarea
          id={`${id}-reason`}
          className={ui.input}
          rows={3}
          maxLength={300}
          aria-invalid={message('reason') ? true : undefined}
          {...form.register('reason')}
        />
        {field('reason')}
        <fieldset className={styles.paidWith}>
          <legend>{t('methodLabel')}</legend>
          {byCard ? (
            <label className={styles.paidOption}>
              <input type="radio" value="provider" {...form.register('method')} />
              {t('toCard')}
            </label>
          ) : null}
          <label className={styles.paidOption}>
            <input type="radio" value="wallet" {...form.register('method')} />
            {t('toWallet')}
          </label>
        </fieldset>
        {problem ? (
          <p role="alert" className={ui.error}>
            {problem}
          </p>
        ) : null}
        <div className={styles.dialogActions}>
          <button type="submit" className={`${ui.button} ${ui.primary}`} disabled={isSubmitting}>
            {isSubmitting ? t('working') : t('confirm')}
          </button>
          <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={onClose}>
            {t('close')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
