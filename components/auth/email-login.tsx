'use client';

import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslations } from 'next-intl';
import type { EmailLoginInput } from '@/lib/auth/schemas';
import { checkEmail } from '@/lib/auth/checks';
import { checksResolver } from './checks-resolver';
import type { UserRole } from '@/lib/db/schema/users';
import { OtpDialog } from './otp-dialog';
import { useCodeFlow, type VerifyData } from './use-code-flow';
import { useFieldError } from './field-error';
import { useHydrationStore } from '@/components/ui/hydration-store';
import ui from '@/components/ui/ui.module.css';
import styles from './auth.module.css';

/** `emailLoginSchema` without zod (lib/auth/checks). */
const emailResolver = checksResolver<EmailLoginInput>({ email: checkEmail });

/** E-mail, Continue (disabled while invalid), then the code dialog. */
export function EmailLogin({ userType, defaultEmail = '', onSuccess, onClose }: { userType: UserRole; defaultEmail?: string; onSuccess: (data: VerifyData) => void; onClose?: () => void }) {
  const t = useTranslations('Auth');
  const fieldError = useFieldError();
  const id = useId();
  const hydrated = useHydrationStore((s) => s.hydrated);
  const flow = useCodeFlow(userType, 'login');
  const form = useForm<EmailLoginInput>({ resolver: emailResolver, mode: 'onChange', defaultValues: { email: defaultEmail } });
  const emailError = fieldError(form.formState.errors.email);

  return (
    <>
      <form className={styles.form} noValidate onSubmit={form.handleSubmit((values) => flow.send({ email: values.email }))}>
        <fieldset className={styles.fieldset} disabled={!hydrated}>
        <div className={styles.field}>
          <label htmlFor={`${id}-email`}>{t('emailLabel')}</label>
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            className={styles.input}
            placeholder={t('emailPlaceholder')}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? `${id}-email-error` : undefined}
            {...form.register('email')}
          />
          {emailError && form.formState.touchedFields.email ? (
            <p id={`${id}-email-error`} className={styles.error}>
              {emailError}
            </p>
          ) : null}
        </div>
        {flow.error && !flow.identity ? (
          <p role="alert" className={styles.error}>
            {flow.error}
          </p>
        ) : null}
        <button type="submit" className={`${ui.button} ${ui.primary} ${styles.full}`} disabled={!form.formState.isValid || flow.busy}>
          {flow.busy && !flow.identity ? t('sending') : t('continue')}
        </button>
      </fieldset>
</form>
      {flow.identity ? (
        <OtpDialog
          target={flow.identity.email ?? ''}
          busy={flow.busy}
          error={flow.error}
          notice={flow.notice}
          resendIn={flow.resendIn}
          onResend={() => void flow.resend()}
          onClose={() => {
            flow.reset();
            onClose?.();
          }}
          onVerify={async (code) => {
            const data = await flow.verify(code);
            if (data) onSuccess(data);
          }}
        />
      ) : null}
    </>
  );
}
