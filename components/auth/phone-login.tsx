'use client';

import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslations } from 'next-intl';
import { zodResolver } from '@hookform/resolvers/zod';
import { bookingSignupSchema, phoneLoginSchema, type BookingSignupInput } from '@/lib/auth/form-schemas';
import { NAME_MAX } from '@/lib/contact/identifiers';
import type { UserRole } from '@/lib/db/schema/users';
import { OtpDialog } from './otp-dialog';
import { PhoneField } from './phone-field';
import { useCodeFlow, type VerifyData } from './use-code-flow';
import { useFieldError, usePhoneError } from './field-error';
import { useHydrationStore } from '@/components/ui/hydration-store';
import ui from '@/components/ui/ui.module.css';
import styles from './auth.module.css';

/** The code routes' rules (lib/auth/form-schemas): with a name for the booking signup, the phone alone to sign in. */
const bookingSignupResolver = zodResolver(bookingSignupSchema);
const phoneLoginResolver = zodResolver(phoneLoginSchema) as unknown as typeof bookingSignupResolver;

/**
 * The rider's (or driver's) phone-code form used by sign-in, booking, chat and
 * WhatsApp. With `askName` it is the booking signup (feature booking-signup).
 */
export function PhoneLogin({
  userType = 'travelsx-user',
  askName = false,
  defaultCountry,
  submitLabel,
  defaultPhone,
  onSuccess,
}: {
  userType?: UserRole;
  askName?: boolean;
  defaultCountry: string;
  submitLabel?: string;
  /** Prefills the phone (e.g. typed earlier in the booking form). */
  defaultPhone?: { dialCode: string; number: string } | null;
  onSuccess: (data: VerifyData, name?: string) => void;
}) {
  const t = useTranslations('Auth');
  const fieldError = useFieldError();
  const phoneMessage = usePhoneError();
  const id = useId();
  const hydrated = useHydrationStore((s) => s.hydrated);
  const flow = useCodeFlow(userType, askName ? 'booking-signup' : 'login');
  const form = useForm<BookingSignupInput>({
    resolver: askName ? bookingSignupResolver : phoneLoginResolver,
    mode: 'onTouched',
    defaultValues: { userName: '', ...(defaultPhone ? { phone: defaultPhone } : {}) },
  });
  const { errors, touchedFields, isValid } = form.formState;
  const name = useWatch({ control: form.control, name: 'userName' }) ?? '';
  const phone = useWatch({ control: form.control, name: 'phone' });
  const complete = Boolean((!askName || name.trim()) && phone?.number);
  // past the limit the name is refused at once (the counter shows by how much), never cut
  const nameTooLong = name.trim().length > NAME_MAX;
  const nameError = nameTooLong ? fieldError({ type: 'maxLength', message: 'nameTooLong' }) : touchedFields.userName ? fieldError(errors.userName) : undefined;
  const phoneError = touchedFields.phone ? phoneMessage(phone, false) : undefined;

  return (
    <>
      <form
        className={styles.form}
        noValidate
        onSubmit={form.handleSubmit(
          (input) => flow.send({ countryCode: input.phone.dialCode, phoneNumber: input.phone.number, userName: askName ? input.userName : undefined }),
          () => {
            for (const field of ['userName', 'phone'] as const)
              form.setValue(field, form.getValues(field) as never, { shouldTouch: true, shouldValidate: true });
          },
        )}
      >
        <fieldset className={styles.fieldset} disabled={!hydrated}>
          <legend className="visually-hidden">{t('signIn')}</legend>
          {askName ? (
            <div className={ui.field}>
              <label htmlFor={`${id}-name`}>{t('nameLabel')}</label>
              <input
                id={`${id}-name`}
                className={ui.input}
                autoComplete="name"
                maxLength={NAME_MAX * 4}
                aria-invalid={nameError ? true : undefined}
                aria-describedby={`${id}-name-count${nameError ? ` ${id}-name-error` : ''}`}
                {...form.register('userName')}
              />
              <p id={`${id}-name-count`} className={nameTooLong ? ui.error : ui.counter}>
                {t('nameCounter', { count: name.length })}
              </p>
              {nameError ? (
                <p id={`${id}-name-error`} className={ui.error}>
                  {nameError}
                </p>
              ) : null}
            </div>
          ) : null}
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
            {flow.busy && !flow.identity ? t('sending') : (submitLabel ?? t('continue'))}
          </button>
        </fieldset>
      </form>
      {flow.identity ? (
        <OtpDialog
          target={`+${flow.identity.countryCode} ${flow.identity.phoneNumber}`}
          busy={flow.busy}
          error={flow.error}
          notice={flow.notice}
          resendIn={flow.resendIn}
          onResend={() => void flow.resend()}
          onClose={flow.reset}
          onVerify={async (code) => {
            const data = await flow.verify(code);
            if (data) onSuccess(data, askName ? name.trim() : undefined);
          }}
        />
      ) : null}
    </>
  );
}
