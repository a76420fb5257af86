'use client';

import { useId } from 'react';
import { useForm, type FieldError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import type { DocumentView } from '@/lib/fleet/documents';
import { DOCUMENT_NUMBER_MAX, driverDocumentsSchema, vehicleDocumentsSchema, type DocumentKind } from '@/lib/fleet/document-schemas';
import { failureOf } from '@/components/data/fetch-data';
import { useModalDialog } from '@/components/ui/use-modal-dialog';
import { useApiErrorText } from '@/components/ui/use-api-error';
import { useFieldError } from '@/components/auth/field-error';
import ui from '@/components/ui/ui.module.css';
import auth from '@/components/auth/auth.module.css';
import { useFleetStore } from './fleet-store';
import { useSaveDriverDocuments, useSaveVehicleDocuments } from './queries';
import styles from './fleet.module.css';

type Values = Record<string, { number: string; expiresOn: string }>;

/** A driver's licence, or a vehicle's permit, insurance and fitness certificate: number and expiry date each (empty clears). */
export function DocumentsDialog({
  holder,
  id: holderId,
  name,
  documents,
  onClose,
}: {
  holder: 'driver' | 'vehicle';
  id: number;
  name: string;
  documents: DocumentView[];
  onClose: () => void;
}) {
  const t = useTranslations('FleetDocuments');
  const errorText = useApiErrorText();
  const fieldError = useFieldError();
  const dialog = useModalDialog();
  const id = useId();
  const saveDriver = useSaveDriverDocuments();
  const saveVehicle = useSaveVehicleDocuments();
  const showSnackbar = useFleetStore((s) => s.showSnackbar);
  const defaults = Object.fromEntries(documents.map((d) => [d.kind, { number: d.number ?? '', expiresOn: d.expiresOn ?? '' }])) as Values;
  const form = useForm<Values>({
    resolver: zodResolver(holder === 'driver' ? driverDocumentsSchema : vehicleDocumentsSchema) as never,
    defaultValues: defaults,
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      if (holder === 'driver') await saveDriver.mutateAsync({ id: holderId, body: values as never });
      else await saveVehicle.mutateAsync({ id: holderId, body: values as never });
      showSnackbar(t('saved', { name }), 'success', t('close'));
      onClose();
    } catch (failed) {
      form.setError('root', { message: errorText(failureOf(failed)) });
    }
  });

  const problem = (kind: DocumentKind, field: 'number' | 'expiresOn') => {
    const error = (errors[kind] as Record<string, FieldError> | undefined)?.[field];
    return error ? fieldError(error) : undefined;
  };

  return (
    <dialog
      ref={dialog}
      className={auth.dialog}
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        if (!isSubmitting) onClose();
      }}
    >
      <form className={styles.documents} noValidate onSubmit={submit}>
        <h2 id={`${id}-title`}>{t('title', { name })}</h2>
        <p className={ui.hint}>{t('hint')}</p>
        {documents.map(({ kind }) => {
          const numberError = problem(kind, 'number');
          const dateError = problem(kind, 'expiresOn');
          return (
            <fieldset key={kind} className={styles.documentRow}>
              <legend>{t(`kinds.${kind}`)}</legend>
              <div className={ui.field}>
                <label htmlFor={`${id}-${kind}-number`}>{t('number')}</label>
                <input
                  id={`${id}-${kind}-number`}
                  className={ui.input}
                  maxLength={DOCUMENT_NUMBER_MAX}
                  autoComplete="off"
                  aria-invalid={numberError ? true : undefined}
                  {...form.register(`${kind}.number` as `licence.number`)}
                />
                {numberError ? <p className={ui.error}>{numberError}</p> : null}
              </div>
              <div className={ui.field}>
                <label htmlFor={`${id}-${kind}-date`}>{t('expiresOn')}</label>
                <input
                  id={`${id}-${kind}-date`}
                  type="date"
                  className={ui.input}
                  aria-invalid={dateError ? true : undefined}
                  {...form.register(`${kind}.expiresOn` as `licence.expiresOn`)}
                />
                {dateError ? <p className={ui.error}>{dateError}</p> : null}
              </div>
            </fieldset>
          );
        })}
        {errors.root?.message ? (
          <p role="alert" className={ui.error}>
            {errors.root.message}
          </p>
        ) : null}
        <div className={styles.dialogActions}>
          <button type="submit" className={`${ui.button} ${ui.primary}`} disabled={isSubmitting}>
            {isSubmitting ? t('saving') : t('save')}
          </button>
          <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={onClose} disabled={isSubmitting}>
            {t('cancel')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
