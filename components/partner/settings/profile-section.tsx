'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import ui from '@/components/ui/ui.module.css';
import screen from '../overview/screen.module.css';
import { useSaveProfile } from './queries';
import { SectionForm, TextField, type SectionProps } from './section-form';
import { useFailureText } from './use-failure-text';
import styles from './settings.module.css';

type Fields = { name: string; shortName: string; phone: string; whatsappPhone: string; email: string };

/** Name, short name, support phone, WhatsApp number and support e-mail. */
export function ProfileSection({ settings, onSaved }: SectionProps) {
  const t = useTranslations('Settings');
  const save = useSaveProfile();
  const failureText = useFailureText();
  const [fields, setFields] = useState<Fields>({
    name: settings.name,
    shortName: settings.shortName ?? '',
    phone: settings.phone ?? '',
    whatsappPhone: settings.whatsappPhone ?? '',
    email: settings.email ?? '',
  });
  const [error, setError] = useState<{ field?: string; text: string }>();
  const set = (name: keyof Fields) => (value: string) => setFields((f) => ({ ...f, [name]: value }));
  const errorOf = (name: keyof Fields) => (error?.field === name ? error.text : undefined);
  return (
    <SectionForm
      heading={t('profile.heading')}
      onSubmit={(event) => {
        event.preventDefault();
        setError(undefined);
        save.mutate(fields, { onSuccess: onSaved, onError: (e) => setError(failureText(e)) });
      }}
    >
      <div className={styles.fields}>
        <TextField name="name" label={t('profile.name')} value={fields.name} onChange={set('name')} error={errorOf('name')} autoComplete="organization" />
        <TextField
          name="shortName"
          label={t('profile.shortName')}
          hint={t('profile.shortNameHint')}
          value={fields.shortName}
          onChange={set('shortName')}
          error={errorOf('shortName')}
        />
        <TextField
          name="phone"
          type="tel"
          inputMode="tel"
          label={`${t('profile.phone')} (+${settings.phoneCode})`}
          value={fields.phone}
          onChange={set('phone')}
          error={errorOf('phone')}
          autoComplete="tel-national"
        />
        <TextField
          name="whatsappPhone"
          type="tel"
          inputMode="tel"
          label={`${t('profile.whatsapp')} (+${settings.phoneCode})`}
          hint={t('profile.whatsappHint')}
          value={fields.whatsappPhone}
          onChange={set('whatsappPhone')}
          error={errorOf('whatsappPhone')}
        />
        <TextField
          name="email"
          type="email"
          inputMode="email"
          label={t('profile.email')}
          value={fields.email}
          onChange={set('email')}
          error={errorOf('email')}
          autoComplete="email"
        />
      </div>
      {error && !['name', 'shortName', 'phone', 'whatsappPhone', 'email'].includes(error.field ?? '') ? (
        <p role="alert" className={screen.error}>
          {error.text}
        </p>
      ) : null}
      <div>
        <button type="submit" className={`${ui.button} ${ui.primary}`} disabled={save.isPending}>
          {save.isPending ? t('saving') : t('profile.save')}
        </button>
      </div>
    </SectionForm>
  );
}
