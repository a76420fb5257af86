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
  extra,
}: {
  variant: keyof typeof NAMESPACE;
  defaultCountry: string;
  add: (input: PersonInput) => Promise<unknown>;
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
        counter: (count, max) => t('counter', { count, max }),
        placeLabel: t('placeLabel'),
        continue: t('continue'),
        saving: t('saving'),
        cancel: t('cancel'),
      }}
      extra={extra}
      submit={async (input) => {
        try {
          await add(input);
        } catch (error) {
          showSnackbar(t('addFailed'), 'failure', t('close'));
          return failureOf(error);
        }
        onClose();
        showSnackbar(t('added'), 'success', t('close'));
        onAdded?.();
        return null;
      }}
      onClose={onClose}
    />
  );
}
