'use client';

import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { VEHICLE_TYPES, type VehicleType } from '@/lib/booking/vocabulary';
import { VEHICLE_MODELS } from '@/lib/fleet/models';
import { addVehicleSchema, normaliseVehicleNumber, OTHER_MODEL, VEHICLE_NUMBER_MAX, MODEL_MAX, type AddVehicleInput } from '@/lib/fleet/schemas';
import type { VehicleView } from '@/lib/fleet/vehicles';
import { useFieldError } from '@/components/auth/field-error';
import { useApiErrorText } from '@/components/ui/use-api-error';
import { useHydrationStore } from '@/components/ui/hydration-store';
import ui from '@/components/ui/ui.module.css';
import auth from '@/components/auth/auth.module.css';
import { failureOf } from '@/components/data/fetch-data';
import { useFleetStore } from './fleet-store';
import { useSaveVehicle, useVehiclePhoto } from './queries';
import { PhotoField } from './photo-field';
import { SheetDialog } from './sheet-dialog';
import styles from './fleet.module.css';

type Values = { vehicleType: string; model: string; number: string };
const FIELDS = ['vehicleType', 'model', 'number'] as const;

const modelsOf = (type: string): readonly string[] => ((VEHICLE_TYPES as readonly string[]).includes(type) ? VEHICLE_MODELS[type as VehicleType] : []);

/**
 * Add Vehicle (or edit one): type, model from the type's list or typed after
 * 'Other (Enter manually)', and the number, normalised as it is typed.
 * Continue is enabled once all three are present.
 */
export function VehicleSheet({ vehicle, onClose }: { vehicle?: VehicleView; onClose: () => void }) {
  const t = useTranslations('FleetVehicles');
  const tTypes = useTranslations('VehicleTypes');
  const fieldError = useFieldError();
  const errorText = useApiErrorText();
  const hydrated = useHydrationStore((s) => s.hydrated);
  const id = useId();
  const save = useSaveVehicle();
  const savePhoto = useVehiclePhoto();
  const [photo, setPhoto] = useState<File | null>(null);
  const showSnackbar = useFleetStore((s) => s.showSnackbar);
  const [manual, setManual] = useState(() => Boolean(vehicle && !modelsOf(vehicle.vehicleType).includes(vehicle.model)));
  const form = useForm<Values, unknown, AddVehicleInput>({
    resolver: zodResolver(addVehicleSchema) as never,
    mode: 'onTouched',
    defaultValues: { vehicleType: vehicle?.vehicleType ?? '', model: vehicle?.model ?? '', number: vehicle?.number ?? '' },
  });
  const values = useWatch({ control: form.control });
  const { errors, isSubmitting } = form.formState;
  const complete = Boolean(values.vehicleType && values.model?.trim() && values.number?.trim());
  const models = modelsOf(values.vehicleType ?? '');
  const describe = (name: (typeof FIELDS)[number], hint?: string) =>
    [hint, errors[name] ? `${id}-${name}-error` : undefined].filter(Boolean).join(' ') || undefined;

  const onSubmit = form.handleSubmit(
    async (input) => {
      let saved: VehicleView;
      try {
        saved = await save.mutateAsync({ id: vehicle?.id, input });
      } catch (failed) {
        const failure = failureOf(failed);
        const field = FIELDS.find((f) => f === failure.field);
        if (field) form.setError(field, { message: errorText(failure) }, { shouldFocus: true });
        showSnackbar(t(vehicle ? 'saveFailed' : 'addFailed'), 'failure', t('close'));
        return;
      }
      // the vehicle is saved either way; a refused photo says so and can be added again from the card
      const photoFailed = photo
        ? await savePhoto.mutateAsync({ id: saved.id, file: photo }).then(
            () => false,
            () => true,
          )
        : false;
      showSnackbar(photoFailed ? t('photoFailed') : t(vehicle ? 'saved' : 'added'), photoFailed ? 'failure' : 'success', t('close'));
      onClose();
    },
    () => {
      for (const name of FIELDS) form.setValue(name, form.getValues(name), { shouldTouch: true, shouldValidate: true });
    },
  );

  const error = (name: (typeof FIELDS)[number]) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className={ui.error}>
        {fieldError(errors[name])}
      </p>
    ) : null;

  return (
    <SheetDialog titleId={`${id}-title`} handleLabel={t('sheetHandle')} busy={isSubmitting} onClose={onClose}>
      <h2 id={`${id}-title`} className={styles.sheetTitle}>
        {t(vehicle ? 'editTitle' : 'sheetTitle')}
      </h2>
      <form className={auth.form} noValidate onSubmit={onSubmit}>
        <fieldset className={auth.fieldset} disabled={!hydrated || isSubmitting}>
          <div className={ui.field}>
            <label htmlFor={`${id}-type`}>{t('typeLabel')}</label>
            <select
              id={`${id}-type`}
              className={ui.input}
              required
              aria-invalid={errors.vehicleType ? true : undefined}
              aria-describedby={describe('vehicleType')}
              {...form.register('vehicleType', {
                onChange: () => {
                  setManual(false);
                  form.setValue('model', '');
                },
              })}
            >
              <option value="">{t('typePlaceholder')}</option>
              {VEHICLE_TYPES.map((type) => (
                <option key={type} value={type}>
                  {tTypes(type)}
                </option>
              ))}
            </select>
            {error('vehicleType')}
          </div>
          <div className={ui.field}>
            <label htmlFor={`${id}-model`}>{t('modelLabel')}</label>
            <select
              id={`${id}-model`}
              className={ui.input}
              required
              disabled={!values.vehicleType}
              value={manual ? OTHER_MODEL : models.includes(values.model ?? '') ? values.model : ''}
              aria-invalid={errors.model && !manual ? true : undefined}
              aria-describedby={manual ? undefined : describe('model')}
              onChange={(event) => {
                const choice = event.target.value;
                setManual(choice === OTHER_MODEL);
                form.setValue('model', choice === OTHER_MODEL ? '' : choice, { shouldTouch: true, shouldValidate: choice !== OTHER_MODEL });
              }}
            >
              <option value="">{t('modelPlaceholder')}</option>
              {models.map((model) => (
                <option key={model} value={model}>
                  {model}
                </option>
              ))}
              <option value={OTHER_MODEL}>{t('otherModel')}</option>
            </select>
            {manual ? null : error('model')}
          </div>
          {manual ? (
            <div className={ui.field}>
              <label htmlFor={`${id}-custom`}>{t('customModelLabel')}</label>
              <input
                id={`${id}-custom`}
                className={ui.input}
                maxLength={MODEL_MAX}
                required
                autoComplete="off"
                aria-invalid={errors.model ? true : undefined}
                aria-describedby={describe('model')}
                {...form.register('model')}
              />
              {error('model')}
            </div>
          ) : null}
          <div className={ui.field}>
            <label htmlFor={`${id}-number`}>{t('numberLabel')}</label>
            <Controller
              control={form.control}
              name="number"
              render={({ field }) => (
                <input
                  id={`${id}-number`}
                  className={`${ui.input} ${styles.plate}`}
                  required
                  maxLength={VEHICLE_NUMBER_MAX}
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  aria-invalid={errors.number ? true : undefined}
                  aria-describedby={describe('number', `${id}-number-hint`)}
                  name={field.name}
                  ref={field.ref}
                  value={field.value}
                  onBlur={field.onBlur}
                  onChange={(event) => field.onChange(normaliseVehicleNumber(event.target.value, { trim: false }))}
                />
              )}
            />
            <p id={`${id}-number-hint`} className={ui.hint}>
              {t('numberHint')}
            </p>
            {error('number')}
          </div>
          <PhotoField label={t('photoField')} onChange={setPhoto} />
          <div className={styles.dialogActions}>
            <button type="submit" className={`${ui.button} ${ui.primary}`} disabled={!complete || isSubmitting}>
              {isSubmitting ? t('saving') : t('continue')}
            </button>
            <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={onClose} disabled={isSubmitting}>
              {t('cancel')}
            </button>
          </div>
        </fieldset>
      </form>
    </SheetDialog>
  );
}
