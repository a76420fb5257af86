'use client';

import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { failureOf } from '@/components/data/fetch-data';
import { useFleetStore } from './fleet-store';
import { PersonSheet, type PersonInput } from './person-sheet';

const NAMESPACE = { driver: 'FleetDrivers', travel: 'FleetAgencies' } as const;

/** The Add Driver / Add Travel sheet with its section's texts; a failure keeps it open with a snackbar, a success closes it, says so and calls `onAdded`. */
export function AddPersonSheet({
  variant,
  defaultCountry,
  add,
  onClose,
  onAdded,
  addPhoto,
  extra,
}: {
  variant: keyof typeof NAMESPACE;
  defaultCountry: string;
  add: (input: PersonInput) => Promise<{ id: number }>;
  /** Drivers: uploads the photo chosen on the sheet once the driver exists. */
  addPhoto?: (id: number, photo: File) => Promise<unknown>;
  onClose: () => void;
  onAdded?: () => void;
  extra?: Parameters<typeof PersonSheet>[0]['extra'];
}): ReactNode {
  const t = useTranslations(NAMESPACE[variant]);
  const showSnackbar = useFleetStore((s) => s.showSnackbar);
  return (
    <PersonSheet
      variant={variant}
      defaultCountry={defaultCountry}
      texts={{
        title: t('sheetTitle'),
        handle: t('sheetHandle'),
        nameLabel: t('nameLabel'),
        ...(variant === 'driver' ? { lastNameLabel: t('lastNameLabel'), photoLabel: t('photoLabel') } : {}),
        counter: (count, max) => t('counter', { count, max }),
        placeLabel: t('placeLabel'),
        continue: t('continue'),
        saving: t('saving'),
        cancel: t('cancel'),
      }}
      extra={extra}
      submit={async (input, photo) => {
        let added: { id: number };
        try {
          added = await add(input);
        } catch (error) {
          showSnackbar(t('addFailed'), 'failure', t('close'));
          return failureOf(error);
        }
        onClose();
        // the driver exists either way; a refused photo says so and can be added from the card's menu
        const photoFailed =
          photo && addPhoto
            ? await addPhoto(added.id, photo).then(
                () => false,
                () => true,
              )
            : false;
        showSnackbar(photoFailed ? t('addedPhotoFailed') : t('added'), photoFailed ? 'failure' : 'success', t('close'));
        onAdded?.();
        return null;
      }}
      onClose={onClose}
    />
  );
}
