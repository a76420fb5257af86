'use client';

import { useId, useMemo, useState, type ChangeEvent } from 'react';
import { useForm, useWatch, type FieldError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { AIRPORT_CAPS, meetingPointInputSchema, photoWebpOf, type MeetingPointInput } from '@/lib/airports/schemas';
import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '@/lib/blog/schemas';
import { queryKeys } from '@/lib/query-keys';
import { failureOf } from '@/components/data/fetch-data';
import ui from '@/components/ui/ui.module.css';
import screen from '../overview/screen.module.css';
import rates from '../rates/rates.module.css';
import { clearMeetingPoint, saveMeetingPoint, uploadMeetingPhoto, type AirportRow, type AirportsData } from './api';
import styles from './airports.module.css';

type Props = { airport: AirportRow; languages: string[]; onDone: (message: string) => void };

/** One airport's meeting point: a text per offered language (at least one), and an optional photo. */
export function MeetingPointForm({ airport, languages, onDone }: Props) {
  const t = useTranslations('Airports');
  const locale = useLocale();
  const id = useId();
  const client = useQueryClient();
  const names = useMemo(() => new Intl.DisplayNames([locale], { type: 'language' }), [locale]);
  const [failed, setFailed] = useState('');
  const [uploading, setUploading] = useState(false);
  const form = useForm<MeetingPointInput>({
    resolver: zodResolver(meetingPointInputSchema),
    mode: 'onTouched',
    defaultValues: {
      texts: Object.fromEntries(languages.map((lang) => [lang, airport.meetingPoint?.texts[lang] ?? ''])),
      photoUrl: airport.meetingPoint?.photoUrl ?? null,
    },
  });
  const photoUrl = useWatch({ control: form.control, name: 'photoUrl' });
  const update = (meetingPoint: AirportRow['meetingPoint']) =>
    client.setQueryData<AirportsData>(queryKeys.partner.airports(), (old) =>
      old ? { ...old, airports: old.airports.map((a) => (a.code === airport.code ? { ...a, meetingPoint } : a)) } : old,
    );
  const save = useMutation({ mutationFn: (input: MeetingPointInput) => saveMeetingPoint(airport.code, input) });
  const clear = useMutation({ mutationFn: () => clearMeetingPoint(airport.code) });
  const errorText = (error: FieldError | { message?: string } | undefined) => {
    const key = error?.message;
    if (!key) return undefined;
    return t.has(`errors.${key}` as 'errors.photoInvalid') ? t(`errors.${key}` as 'errors.photoInvalid') : key;
  };
  const errors = form.formState.errors;
  const textsError = errorText(errors.texts?.root ?? (errors.texts as FieldError | undefined));

  const submit = form.handleSubmit(async (input) => {
    setFailed('');
    try {
      const saved = await save.mutateAsync(input);
      update({ texts: saved.texts, photoUrl: saved.photoUrl, updatedAt: saved.updatedAt });
      onDone(t('airports.saved', { airport: airport.name }));
    } catch (error) {
      const failure = failureOf(error);
      if (failure.status === 400 && failure.field)
        form.setError(failure.field as 'photoUrl', { message: failure.key ?? failure.message }, { shouldFocus: failure.field !== 'photoUrl' });
      else setFailed(t('saveFailed'));
    }
  });

  const remove = async () => {
    setFailed('');
    try {
      await clear.mutateAsync();
      update(null);
      onDone(t('airports.removed', { airport: airport.name }));
    } catch {
      setFailed(t('saveFailed'));
    }
  };

  const choosePhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    form.clearErrors('photoUrl');
    if (!file) return;
    if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return form.setError('photoUrl', { message: 'imageType' });
    if (file.size > IMAGE_MAX_BYTES) return form.setError('photoUrl', { message: 'imageTooLarge' });
    setUploading(true);
    const result = await uploadMeetingPhoto(file);
    setUploading(false);
    if (result.ok) form.setValue('photoUrl', result.data.image, { shouldDirty: true });
    else form.setError('photoUrl', { message: result.error.key ?? 'photoInvalid' });
  };

  const photoError = errorText(errors.photoUrl);
  return (
    <form className={rates.form} noValidate onSubmit={submit} aria-label={t('airports.formLabel', { airport: airport.name })}>
      {languages.map((lang) => {
        const inputId = `${id}-${lang}`;
        const message = errorText(errors.texts?.[lang]);
        return (
          <div className={screen.field} key={lang}>
            <label htmlFor={inputId}>{t('airports.textLabel', { language: names.of(lang) ?? lang })}</label>
            <textarea
              id={inputId}
              lang={lang}
              dir="auto"
              rows={3}
              maxLength={AIRPORT_CAPS.meetingPointChars}
              className={screen.control}
              aria-invalid={message || textsError ? true : undefined}
              aria-describedby={`${id}-texts-hint${message ? ` ${inputId}-error` : ''}${textsError ? ` ${id}-texts-error` : ''}`}
              {...form.register(`texts.${lang}`)}
            />
            {message ? (
              <p id={`${inputId}-error`} className={screen.error}>
                {message}
              </p>
            ) : null}
          </div>
        );
      })}
      <p id={`${id}-texts-hint`} className={screen.muted}>
        {t('airports.textHint')}
      </p>
      {textsError ? (
        <p id={`${id}-texts-error`} role="alert" className={screen.error}>
          {textsError}
        </p>
      ) : null}
      <div className={screen.field}>
        <label htmlFor={`${id}-photo`}>{t('airports.photoLabel')}</label>
        <input
          id={`${id}-photo`}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          className={screen.control}
          disabled={uploading}
          aria-invalid={photoError ? true : undefined}
          aria-describedby={`${id}-photo-hint${photoError ? ` ${id}-photo-error` : ''}`}
          onChange={choosePhoto}
        />
        <p id={`${id}-photo-hint`} className={screen.muted}>
          {uploading ? t('airports.uploading') : t('airports.photoHint')}
        </p>
        {photoError ? (
          <p id={`${id}-photo-error`} role="alert" className={screen.error}>
            {photoError}
          </p>
        ) : null}
        {photoUrl ? (
          <figure className={styles.photo}>
            <picture>
              <source srcSet={photoWebpOf(photoUrl)} type="image/webp" />
              <img src={photoUrl} alt={t('airports.photoAlt', { airport: airport.name })} />
            </picture>
            <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={() => form.setValue('photoUrl', null, { shouldDirty: true })}>
              {t('airports.removePhoto')}
            </button>
          </figure>
        ) : null}
      </div>
      {failed ? (
        <p role="alert" className={screen.error}>
          {failed}
        </p>
      ) : null}
      <div className={styles.actions}>
        <button type="submit" className={`${ui.button} ${ui.primary}`} disabled={form.formState.isSubmitting || uploading}>
          {form.formState.isSubmitting ? t('saving') : t('airports.save')}
        </button>
        {airport.meetingPoint ? (
          <button type="button" className={`${ui.button} ${ui.secondary}`} disabled={clear.isPending} onClick={() => void remove()}>
            {t('airports.remove')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
