'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { api, typedCall, within } from '@/lib/api/typed-client';
import { CONTACT_LIMITS, contactFormSchema, LOOKING_FOR, type ContactFormInput, type ContactFormValues } from '@/lib/leads/schemas';
import { useHydrationStore } from '@/components/ui/hydration-store';
import ui from '@/components/ui/ui.module.css';
import styles from './leads.module.css';

const EMPTY: ContactFormValues = { firstName: '', lastName: '', company: '', email: '', looking_for_name: '', enquery: '' };
const FIELDS = Object.keys(EMPTY) as FieldPath<ContactFormValues>[];

/** The contact-us form (docs/requirements/rider.md#contact-and-leads): validated here and on the server, stored as a lead, then a confirmation. */
export function ContactForm({ businessName }: { businessName: string }) {
  const t = useTranslations('ContactUs');
  const id = useId();
  const hydrated = useHydrationStore((s) => s.hydrated);
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<'failed' | 'rateLimited' | null>(null);
  const confirmation = useRef<HTMLDivElement>(null);
  const form = useForm<ContactFormValues, unknown, ContactFormInput>({ resolver: zodResolver(contactFormSchema), mode: 'onTouched', defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;
  const comment = useWatch({ control: form.control, name: 'enquery' }) ?? '';

  useEffect(() => {
    if (sent) confirmation.current?.focus();
  }, [sent]);

  const errorOf = (name: FieldPath<ContactFormValues>) => {
    const key = errors[name]?.message;
    if (!key) return undefined;
    return t.has(`errors.${key}` as 'errors.firstNameRequired') ? t(`errors.${key}` as 'errors.firstNameRequired') : key;
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    const result = await typedCall(api.leads.contact.$post({ json: values }, within()));
    if (result.ok) {
      form.reset(EMPTY);
      setSent(true);
      return;
    }
    const field = result.error.field as FieldPath<ContactFormValues> | undefined;
    if (field && FIELDS.includes(field) && result.error.key) form.setError(field, { message: result.error.key }, { shouldFocus: true });
    else setFailure(result.error.status === 429 ? 'rateLimited' : 'failed');
  });

  if (sent) {
    return (
      <div ref={confirmation} role="status" tabIndex={-1} className={styles.success}>
        <h2>{t('successTitle')}</h2>
        <p>{t('successBody', { businessName })}</p>
        <p>
          <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={() => setSent(false)}>
            {t('another')}
          </button>
        </p>
      </div>
    );
  }

  const field = (name: FieldPath<ContactFormValues>, label: string, input: React.ReactNode) => {
    const error = errorOf(name);
    return (
      <div className={ui.field}>
        <label htmlFor={`${id}-${name}`}>{label}</label>
        {input}
        {error ? (
          <p id={`${id}-${name}-error`} className={ui.error}>
            {error}
          </p>
        ) : null}
      </div>
    );
  };
  const aria = (name: FieldPath<ContactFormValues>, required = false) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
    'aria-required': required || undefined,
  });

  return (
    <form className={styles.form} noValidate onSubmit={onSubmit} aria-label={t('title')}>
      <fieldset className={styles.fieldset} disabled={!hydrated || isSubmitting}>
        <legend className="visually-hidden">{t('title')}</legend>
        <p className={ui.hint}>{t('requiredHint')}</p>
        <div className={styles.pair}>
          {field(
            'firstName',
            t('firstName'),
            <input
              className={ui.input}
              autoComplete="given-name"
              maxLength={CONTACT_LIMITS.name}
              {...aria('firstName', true)}
              {...form.register('firstName')}
            />,
          )}
          {field(
            'lastName',
            t('lastName'),
            <input className={ui.input} autoComplete="family-name" maxLength={CONTACT_LIMITS.name} {...aria('lastName')} {...form.register('lastName')} />,
          )}
        </div>
        <div className={styles.pair}>
          {field(
            'company',
            t('company'),
            <input className={ui.input} autoComplete="organization" maxLength={CONTACT_LIMITS.company} {...aria('company')} {...form.register('company')} />,
          )}
          {field('email', t('email'), <input type="email" className={ui.input} autoComplete="email" {...aria('email', true)} {...form.register('email')} />)}
        </div>
        {field(
          'looking_for_name',
          t('lookingFor'),
          <select className={ui.input} {...aria('looking_for_name', true)} {...form.register('looking_for_name')}>
            <option value="">{t('pleaseSelect')}</option>
            {LOOKING_FOR.map((option) => (
              <option key={option} value={option}>
                {t(`options.${option}`)}
              </option>
            ))}
          </select>,
        )}
        {field(
          'enquery',
          t('comment'),
          <>
            <textarea className={`${ui.input} ${styles.message}`} maxLength={CONTACT_LIMITS.comment} {...aria('enquery', true)} {...form.register('enquery')} />
            <p className={ui.counter} aria-hidden="true">
              {t('commentCounter', { count: comment.length, max: CONTACT_LIMITS.comment })}
            </p>
          </>,
        )}
        {failure ? (
          <p role="alert" className={ui.error}>
            {t(failure)}
          </p>
        ) : null}
        <p>
          <button type="submit" className={`${ui.button} ${ui.primary}`}>
            {isSubmitting ? t('submitting') : t('submit')}
          </button>
        </p>
      </fieldset>
    </form>
  );
}
