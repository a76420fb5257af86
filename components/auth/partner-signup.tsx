'use client';

import { useEffect, useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { deliverySignupSchema, partnerSignupSchema, type PartnerSignupInput } from '@/lib/auth/form-schemas';
import { BottomSheet } from '@/components/ui/bottom-sheet';
import { SHEET } from '@/lib/ui/sheet';
import { OtpDialog } from './otp-dialog';
import { PhoneField } from './phone-field';
import { useCodeFlow } from './use-code-flow';
import { useFieldError, usePhoneError } from './field-error';
import { useHydrationStore } from '@/components/ui/hydration-store';
import ui from '@/components/ui/ui.module.css';
import styles from './auth.module.css';

const SUCCESS_MS = 2000;

type Props = {
  variant: 'travel' | 'delivery';
  title: string;
  subtitle?: string;
  defaultCountry: string;
  /** h2 when the page already has its own h1 (campaign pages). */
  headingLevel?: 'h1' | 'h2';
  /** Shown under the form inside the sheet (e.g. the sign-in link). */
  footer?: React.ReactNode;
};

/**
 * Partner or delivery-partner signup: business name, e-mail and phone, then the
 * e-mail code, then a success message for 2 s, then the new console. On phones
 * the form sits in a draggable bottom sheet.
 */
export function PartnerSignup({ variant, title, subtitle, defaultCountry, headingLevel: Heading = 'h1', footer }: Props) {
  const t = useTranslations('Auth');
  const ts = useTranslations('PartnerSignup');
  const fieldError = useFieldError();
  const phoneMessage = usePhoneError();
  const id = useId();
  const hydrated = useHydrationStore((s) => s.hydrated);
  const userType = variant === 'delivery' ? 'deliverx-partner' : 'travelsx-partner';
  const flow = useCodeFlow(userType, 'signup');
  const [done, setDone] = useState<string | null>(null);
  const form = useForm<PartnerSignupInput>({
    resolver: zodResolver(variant === 'delivery' ? deliverySignupSchema : partnerSignupSchema) as never,
    mode: 'onTouched',
    defaultValues: { name: '', email: '' },
  });
  const { errors, touchedFields, isValid } = form.formState;
  const values = useWatch({ control: form.control });
  const complete = Boolean(values.name?.trim() && values.email?.trim() && (variant === 'delivery' || values.phone?.number));

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => window.location.assign(done), SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [done]);

  const onSubmit = form.handleSubmit(
    (input) =>
      flow.send({
        email: input.email,
        businessName: input.name,
        countryCode: input.phone?.dialCode,
        phoneNumber: input.phone?.number || undefined,
      }),
    () => {
      for (const name of ['name', 'email', 'phone'] as const) form.setValue(name, form.getValues(name) as never, { shouldTouch: true, shouldValidate: true });
    },
  );

  const nameError = touchedFields.name ? fieldError(errors.name) : undefined;
  const emailError = touchedFields.email ? fieldError(errors.email) : undefined;
  const phoneError = touchedFields.phone ? phoneMessage(values.phone, variant === 'delivery') : undefined;

  return (
    <BottomSheet initialHeight={SHEET.SIGNUP} handleLabel={ts('sheetHandle')} labelledBy={`${id}-title`}>
      <Heading id={`${id}-title`}>{title}</Heading>
      {subtitle ? <p className={ui.muted}>{subtitle}</p> : null}
      {done ? (
        <div role="status" className={styles.success}>
          <strong>{ts('successTitle')}</strong>
          <p>{ts('successBody')}</p>
        </div>
      ) : (
        <form className={styles.form} noValidate onSubmit={onSubmit}>
          <fieldset className={styles.fieldset} disabled={!hydrated}>
            <legend className="visually-hidden">{ts('title')}</legend>
            <div className={ui.field}>
              <label htmlFor={`${id}-name`}>{t('businessNameLabel')}</label>
              <input
                id={`${id}-name`}
                className={ui.input}
                autoComplete="organization"
                aria-invalid={nameError ? true : undefined}
                aria-describedby={nameError ? `${id}-name-error` : undefined}
                {...form.register('name')}
              />
              {nameError ? (
                <p id={`${id}-name-error`} className={ui.error}>
                  {nameError}
                </p>
              ) : null}
            </div>
            <div className={ui.field}>
              <label htmlFor={`${id}-email`}>{t('emailLabel')}</label>
              <input
                id={`${id}-email`}
                type="email"
                className={ui.input}
                autoComplete="email"
                aria-invalid={emailError ? true : undefined}
                aria-describedby={emailError ? `${id}-email-error` : undefined}
                {...form.register('email')}
              />
              {emailError ? (
                <p id={`${id}-email-error`} className={ui.error}>
                  {emailError}
                </p>
              ) : null}
            </div>
            <Controller
              control={form.control}
              name="phone"
              render={({ field }) => (
                <PhoneField
                  id={`${id}-phone`}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={phoneError}
                  defaultCountry={defaultCountry}
                />
              )}
            />
            {flow.error && !flow.identity ? (
              <p role="alert" className={ui.error}>
                {flow.error}
              </p>
            ) : null}
            <button type="submit" className={`${ui.button} ${ui.primary} ${styles.full}`} disabled={!complete || !isValid || flow.busy}>
              {flow.busy && !flow.identity ? t('sending') : t('continue')}
            </button>
          </fieldset>
        </form>
      )}
      {footer}
      {flow.identity && !done ? (
        <OtpDialog
          target={flow.identity.email ?? ''}
          busy={flow.busy}
          error={flow.error}
          notice={flow.notice}
          resendIn={flow.resendIn}
          onResend={() => void flow.resend()}
          onClose={flow.reset}
          onVerify={async (code) => {
            const data = await flow.verify(code);
            if (data?.redirect) setDone(data.redirect);
          }}
        />
      ) : null}
    </BottomSheet>
  );
}
