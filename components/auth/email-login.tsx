'use client';

import { useEffect, useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import type { UserRole } from '@/lib/db/schema/users';
import { BusinessChoice, type Choices } from './business-choice';
import { loadFieldSchemas, useFieldSchemas } from './field-schemas';
import { OtpDialog } from './otp-dialog';
import { useCodeFlow, type VerifyData } from './use-code-flow';
import { useHydrationStore } from '@/components/ui/hydration-store';
import ui from '@/components/ui/ui.module.css';
import styles from './auth.module.css';

/**
 * E-mail, Continue (disabled while invalid), then the code dialog. One field,
 * so plain state: checked on every change with the shared `emailSchema`
 * (the route's rule, fetched on the first interaction: ./field-schemas), the
 * message shown once the field was left.
 */
export function EmailLogin({
  userType,
  defaultEmail = '',
  onSuccess,
  onClose,
}: {
  userType: UserRole;
  defaultEmail?: string;
  onSuccess: (data: VerifyData) => void;
  onClose?: () => void;
}) {
  const t = useTranslations('Auth');
  const tv = useTranslations('Validation');
  const id = useId();
  const hydrated = useHydrationStore((s) => s.hydrated);
  const flow = useCodeFlow(userType, 'login');
  const [email, setEmail] = useState(defaultEmail);
  const [changed, setChanged] = useState(false);
  const [touched, setTouched] = useState(false);
  const [choices, setChoices] = useState<Choices>();
  const schemas = useFieldSchemas();
  const load = () => void loadFieldSchemas().catch(() => {});
  // a prefilled address is checked at once
  useEffect(() => {
    if (defaultEmail) void loadFieldSchemas().catch(() => {});
  }, [defaultEmail]);
  const checked = schemas?.emailSchema.safeParse(email);
  // as react-hook-form's onChange mode did: invalid once typed in, the message once the field was left
  const emailError = changed && checked && !checked.success ? tv(checked.error.issues[0].message as 'emailInvalid') : undefined;
  const shownError = touched ? emailError : undefined;

  return (
    <>
      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (checked?.success) void flow.send({ email: checked.data });
        }}
      >
        <fieldset className={styles.fieldset} disabled={!hydrated}>
          <legend className="visually-hidden">{t('signIn')}</legend>
          <div className={ui.field}>
            <label htmlFor={`${id}-email`}>{t('emailLabel')}</label>
            <input
              id={`${id}-email`}
              type="email"
              autoComplete="email"
              className={ui.input}
              placeholder={t('emailPlaceholder')}
              aria-invalid={emailError ? true : undefined}
              aria-describedby={shownError ? `${id}-email-error` : undefined}
              name="email"
              value={email}
              onFocus={load}
              onChange={(event) => {
                load();
                setEmail(event.target.value);
                setChanged(true);
              }}
              onBlur={() => setTouched(true)}
            />
            {shownError ? (
              <p id={`${id}-email-error`} className={ui.error}>
                {shownError}
              </p>
            ) : null}
          </div>
          {flow.error && !flow.identity ? (
            <p role="alert" className={ui.error}>
              {flow.error}
            </p>
          ) : null}
          <button type="submit" className={`${ui.button} ${ui.primary} ${styles.full}`} disabled={!checked?.success || flow.busy}>
            {flow.busy && !flow.identity ? t('sending') : t('continue')}
          </button>
        </fieldset>
      </form>
      {choices ? (
        <BusinessChoice
          choices={choices}
          busy={flow.busy}
          error={flow.error}
          onChoose={async (business) => {
            const data = await flow.verify(choices.code, { business });
            if (data) onSuccess(data);
          }}
        />
      ) : flow.identity ? (
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
            // one e-mail, several businesses (on the platform's host): the same code opens the one chosen
            if (data?.choices) setChoices({ code, list: data.choices });
            else if (data) onSuccess(data);
          }}
        />
      ) : null}
    </>
  );
}
