'use client';

import { useId, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { updateProfileSchema, type UpdateProfileInput } from '@/lib/auth/profile-schema';
import { NAME_MAX } from '@/lib/contact/identifiers';
import type { Me } from '@/components/auth/session-store';
import { failureOf } from '@/components/data/fetch-data';
import { useFieldError } from '@/components/auth/field-error';
import ui from '@/components/ui/ui.module.css';
import auth from '@/components/auth/auth.module.css';
import { RiderGate } from './rider-gate';
import { DeleteAccount } from './delete-account';
import { PushSettings } from '@/components/push/push-settings';
import { useUpdateProfile } from './queries';
import styles from './rider.module.css';

/** The rider's name and e-mail (editable), phone (read-only), push switch and account deletion. */
export function ProfileForm({ defaultCountry }: { defaultCountry: string }) {
  const t = useTranslations('Profile');
  return (
    <RiderGate title={t('signedOutTitle')} body={t('signedOutBody')} defaultCountry={defaultCountry}>
      {(me) => (
        <>
          <ProfileDetails me={me} />
          <PushSettings />
          <DeleteAccount />
        </>
      )}
    </RiderGate>
  );
}

/** What the inputs hold; the schema trims, lower-cases and drops a blank e-mail. */
type ProfileFields = { name: string; email: string };
// The schema's e-mail input is `unknown` (it is preprocessed); the form only ever gives it a string.
const profileResolver = zodResolver(updateProfileSchema) as unknown as Resolver<ProfileFields, unknown, UpdateProfileInput>;

function ProfileDetails({ me }: { me: Me }) {
  const t = useTranslations('Profile');
  const fieldError = useFieldError();
  const id = useId();
  const update = useUpdateProfile();
  const [result, setResult] = useState<{ saved: boolean; message: string }>();
  const form = useForm<ProfileFields, unknown, UpdateProfileInput>({
    resolver: profileResolver,
    mode: 'onTouched',
    defaultValues: { name: me.name, email: me.email },
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const name = useWatch({ control: form.control, name: 'name' }) ?? '';
  // past the limit the name is refused at once (the counter shows by how much), never cut
  const nameTooLong = name.trim().length > NAME_MAX;
  const nameError = nameTooLong ? fieldError({ type: 'maxLength', message: 'nameTooLong' }) : fieldError(errors.name);
  const emailError = fieldError(errors.email);

  return (
    <section className={`${ui.card} ${styles.stack}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('detailsTitle')}</h2>
      <form
        className={auth.form}
        noValidate
        onSubmit={form.handleSubmit(async (input) => {
          setResult(undefined);
          const saved = await update.mutateAsync(input).catch((error: unknown) => {
            if (failureOf(error).status === 409) form.setError('email', { message: t('emailTaken') }, { shouldFocus: true });
            else setResult({ saved: false, message: t('saveFailed') });
            return null;
          });
          if (!saved) return;
          form.reset({ name: saved.name ?? '', email: saved.email ?? '' });
          setResult({ saved: true, message: t('saved') });
        })}
      >
        <div className={ui.field}>
          <label htmlFor={`${id}-name`}>{t('nameLabel')}</label>
          <input
            id={`${id}-name`}
            className={ui.input}
            autoComplete="name"
            maxLength={NAME_MAX * 4}
            required
            aria-invalid={nameError ? true : undefined}
            aria-describedby={`${id}-name-count${nameError ? ` ${id}-name-error` : ''}`}
            {...form.register('name')}
          />
          <p id={`${id}-name-count`} className={nameTooLong ? ui.error : ui.counter}>
            {t('nameCounter', { count: name.length, max: NAME_MAX })}
          </p>
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
            className={ui.input}
            type="email"
            inputMode="email"
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
        <div className={ui.field}>
          <label htmlFor={`${id}-phone`}>{t('phoneLabel')}</label>
          <input
            id={`${id}-phone`}
            className={ui.input}
            type="tel"
            dir="ltr"
            readOnly
            value={`+${me.country_code} ${me.phone_number}`}
            aria-describedby={`${id}-phone-hint`}
          />
          <p id={`${id}-phone-hint`} className={styles.muted}>
            {t('phoneHint')}
          </p>
        </div>
        <p role="status" className={styles.status}>
          {result?.saved && !isDirty ? result.message : ''}
        </p>
        {result && !result.saved ? (
          <p role="alert" className={ui.error}>
            {result.message}
          </p>
        ) : null}
        <button type="submit" className={`${ui.button} ${ui.primary}`} disabled={isSubmitting}>
          {isSubmitting ? t('saving') : t('save')}
        </button>
      </form>
    </section>
  );
}
