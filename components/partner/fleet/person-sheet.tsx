'use client';

import { useId, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import type { ApiFailure } from '@/lib/api/typed-client';
import { NAME_MAX, type Phone } from '@/lib/contact/identifiers';
import { addAgencySchema, addDriverSchema, PLACE_MAX } from '@/lib/fleet/schemas';
import { PhoneField } from '@/components/auth/phone-field';
import { useFieldError, usePhoneError } from '@/components/auth/field-error';
import { useApiErrorText } from '@/components/ui/use-api-error';
import { useHydrationStore } from '@/components/ui/hydration-store';
import ui from '@/components/ui/ui.module.css';
import auth from '@/components/auth/auth.module.css';
import { PhotoField } from './photo-field';
import { SheetDialog } from './sheet-dialog';
import styles from './fleet.module.css';

export type PersonSheetTexts = {
  title: string;
  handle: string;
  nameLabel: string;
  /** Drivers only: the optional last name and photo. */
  lastNameLabel?: string;
  photoLabel?: string;
  counter: (count: number, max: number) => string;
  placeLabel: string;
  continue: string;
  saving: string;
  cancel: string;
};

type Values = { name: string; lastName?: string; phone?: Partial<Phone>; place: string; agencyId?: number | null };
export type PersonInput = z.output<typeof addDriverSchema> | z.output<typeof addAgencySchema>;

/** Preferred phone countries of the driver forms (docs/requirements/partner.md#drivers-and-travel-companies): India, United States, United Kingdom. */
const DRIVER_COUNTRIES = ['IN', 'US', 'GB'] as const;

/**
 * The Add Driver / Add Travel sheet: name (at most 50, with its n/50 counter),
 * phone with a country picker and an optional place. Continue is enabled once
 * name and phone are present. `extra` renders more fields (the driver's travel
 * company) bound through `onExtra`.
 */
export function PersonSheet({
  variant,
  texts,
  defaultCountry,
  submit,
  onClose,
  extra,
}: {
  variant: 'driver' | 'travel';
  texts: PersonSheetTexts;
  defaultCountry: string;
  /** Posts the input (and the chosen photo); resolves to the failure, or null on success (the caller closes the sheet). */
  submit: (input: PersonInput, photo: File | null) => Promise<ApiFailure | null>;
  onClose: () => void;
  extra?: (bind: { value: number | null | undefined; onChange: (value: number | null) => void }) => ReactNode;
}) {
  const fieldError = useFieldError();
  const phoneMessage = usePhoneError();
  const errorText = useApiErrorText();
  const hydrated = useHydrationStore((s) => s.hydrated);
  const id = useId();
  const [phoneTaken, setPhoneTaken] = useState<string>();
  const [photo, setPhoto] = useState<File | null>(null);
  const form = useForm<Values, unknown, PersonInput>({
    resolver: zodResolver(variant === 'driver' ? addDriverSchema : addAgencySchema) as never,
    mode: 'onTouched',
    defaultValues: { name: '', lastName: '', place: '', agencyId: null },
  });
  const values = useWatch({ control: form.control });
  const { errors, touchedFields, isSubmitting } = form.formState;
  const complete = Boolean(values.name?.trim() && values.phone?.number);
  const nameError = fieldError(errors.name);
  const lastNameError = fieldError(errors.lastName);
  const placeError = fieldError(errors.place);
  const phoneError = phoneTaken ?? (touchedFields.phone ? phoneMessage(values.phone, false) : undefined);

  const onSubmit = form.handleSubmit(
    async (input) => {
      const failure = await submit(input, photo);
      if (!failure) return;
      if (failure.field === 'phone' || failure.field?.startsWith('phone.')) setPhoneTaken(errorText(failure));
      else if (failure.field === 'name' || failure.field === 'place') form.setError(failure.field, { message: errorText(failure) }, { shouldFocus: true });
    },
    () => {
      for (const name of ['name', 'phone', 'place'] as const) form.setValue(name, form.getValues(name) as never, { shouldTouch: true, shouldValidate: true });
    },
  );

  return (
    <SheetDialog titleId={`${id}-title`} handleLabel={texts.handle} busy={isSubmitting} onClose={onClose}>
      <h2 id={`${id}-title`} className={styles.sheetTitle}>
        {texts.title}
      </h2>
      <form className={auth.form} noValidate onSubmit={onSubmit}>
        <fieldset className={auth.fieldset} disabled={!hydrated || isSubmitting}>
          <div className={ui.field}>
            <label htmlFor={`${id}-name`}>{texts.nameLabel}</label>
            <input
              id={`${id}-name`}
              className={ui.input}
              required
              maxLength={NAME_MAX}
              autoComplete="off"
              aria-invalid={nameError ? true : undefined}
              aria-describedby={`${id}-name-count${nameError ? ` ${id}-name-error` : ''}`}
              {...form.register('name')}
            />
            <p id={`${id}-name-count`} className={ui.counter}>
              {texts.counter(values.name?.length ?? 0, NAME_MAX)}
            </p>
            {nameError ? (
              <p id={`${id}-name-error`} className={ui.error}>
                {nameError}
              </p>
            ) : null}
          </div>
          {texts.lastNameLabel ? (
            <div className={ui.field}>
              <label htmlFor={`${id}-last-name`}>{texts.lastNameLabel}</label>
              <input
                id={`${id}-last-name`}
                className={ui.input}
                maxLength={NAME_MAX}
                autoComplete="off"
                aria-invalid={lastNameError ? true : undefined}
                aria-describedby={lastNameError ? `${id}-last-name-error` : undefined}
                {...form.register('lastName')}
              />
              {lastNameError ? (
                <p id={`${id}-last-name-error`} className={ui.error}>
                  {lastNameError}
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
                onChange={(next) => {
                  setPhoneTaken(undefined);
                  field.onChange(next);
                }}
                onBlur={field.onBlur}
                error={phoneError}
                defaultCountry={defaultCountry}
                preferred={[...DRIVER_COUNTRIES]}
              />
            )}
          />
          <div className={ui.field}>
            <label htmlFor={`${id}-place`}>{texts.placeLabel}</label>
            <input
              id={`${id}-place`}
              className={ui.input}
              maxLength={PLACE_MAX}
              autoComplete="address-level2"
              aria-invalid={placeError ? true : undefined}
              aria-describedby={placeError ? `${id}-place-error` : undefined}
              {...form.register('place')}
            />
            {placeError ? (
              <p id={`${id}-place-error`} className={ui.error}>
                {placeError}
              </p>
            ) : null}
          </div>
          {texts.photoLabel ? <PhotoField label={texts.photoLabel} onChange={setPhoto} /> : null}
          {extra ? (
            <Controller control={form.control} name="agencyId" render={({ field }) => <>{extra({ value: field.value, onChange: field.onChange })}</>} />
          ) : null}
          <div className={styles.dialogActions}>
            <button type="submit" className={`${ui.button} ${ui.primary}`} disabled={!complete || isSubmitting}>
              {isSubmitting ? texts.saving : texts.continue}
            </button>
            <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={onClose} disabled={isSubmitting}>
              {texts.cancel}
            </button>
          </div>
        </fieldset>
      </form>
    </SheetDialog>
  );
}
