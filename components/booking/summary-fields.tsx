'use client';

import { useId } from 'react';
import { useTranslations } from 'next-intl';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { useFieldError } from '@/components/auth/field-error';
import { PassengerFields } from '@/components/trust/passenger-fields';
import ui from '@/components/ui/ui.module.css';
import type { PaymentOption, SummaryContext, SummaryFields, SummaryInput } from './summary-form';

/**
 * The summary's own fields: payment method, the passenger (shown wrong once a booking was tried)
 * and, for a card payment without a profile e-mail, the receipt e-mail (shown wrong once left or tried).
 */
export function SummaryFieldset({
  form,
  paymentOptions,
  askEmail,
  defaultCountry,
}: {
  form: UseFormReturn<SummaryFields, SummaryContext, SummaryInput>;
  paymentOptions: readonly PaymentOption[];
  askEmail: boolean;
  defaultCountry: string;
}) {
  const t = useTranslations('RideSummary');
  const tf = useTranslations('RideFlow');
  const tPayment = useTranslations('Payment');
  const fieldError = useFieldError();
  const id = useId();
  const payment = useWatch({ control: form.control, name: 'payment' });
  const { errors, touchedFields } = form.formState;
  const emailError = touchedFields.email ? fieldError(errors.email) : undefined;

  return (
    <>
      <div className={ui.field}>
        <label htmlFor={`${id}-payment`}>{t('paymentMethod')}</label>
        <select id={`${id}-payment`} className={ui.input} {...form.register('payment')}>
          {paymentOptions.map((option) => (
            <option key={option} value={option}>
              {t(option)}
            </option>
          ))}
        </select>
        <p className={ui.hint}>{payment === 'card' ? tPayment('cardHint') : t('payToDriver')}</p>
      </div>

      <Controller
        control={form.control}
        name="passenger"
        render={({ field }) => (
          <PassengerFields value={field.value} onChange={field.onChange} showErrors={Boolean(touchedFields.passenger)} defaultCountry={defaultCountry} />
        )}
      />
      {askEmail ? (
        <div className={ui.field}>
          <label htmlFor={`${id}-email`}>{tf('email')}</label>
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            className={ui.input}
            maxLength={254}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={`${id}-email-hint`}
            {...form.register('email')}
          />
          <p id={`${id}-email-hint`} className={emailError ? ui.error : ui.hint}>
            {emailError ?? tf('emailHint')}
          </p>
        </div>
      ) : null}
    </>
  );
}
