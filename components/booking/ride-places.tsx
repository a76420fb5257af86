'use client';

import { useTranslations } from 'next-intl';
import type { RentalPackage } from '@/lib/booking/vocabulary';
import ui from '@/components/ui/ui.module.css';
import type { RideFormData } from './booking-store';
import { PlaceInput } from './place-input';

type PlaceKey = 'pickupLocation' | 'dropoffLocation';

/** The booking form's pickup and, for a rental, the package in place of the drop. */
export function RidePlaces({
  id,
  form,
  packages,
  shown,
  onPlace,
  onTyping,
  onPackage,
  onLeave,
}: {
  id: string;
  form: Pick<RideFormData, 'tripKind' | 'pickupLocation' | 'dropoffLocation' | 'packageDetails'>;
  packages: Omit<RentalPackage, 'price'>[];
  /** A field's error as shown beside it (undefined until it is due). */
  shown: (key: string) => string | undefined;
  onPlace: (key: PlaceKey, place: RideFormData[PlaceKey]) => void;
  onTyping: (key: PlaceKey, text: string) => void;
  onPackage: (code: string | null) => void;
  /** The rider left a field. */
  onLeave: (key: PlaceKey | 'packageDetails') => void;
}) {
  const t = useTranslations('Booking');
  const place = (key: PlaceKey) => ({
    value: form[key],
    onChange: (picked: RideFormData[PlaceKey]) => onPlace(key, picked),
    onTextChange: (text: string) => onTyping(key, text),
    onBlur: () => onLeave(key),
    error: shown(key),
  });
  return (
    <>
      <PlaceInput label={t('pickup')} {...place('pickupLocation')} withCurrentLocation />
      {form.tripKind !== 'rental' ? (
        <PlaceInput label={t('dropoff')} {...place('dropoffLocation')} />
      ) : (
        <div className={ui.field}>
          <label htmlFor={`${id}-package`}>{t('package')}</label>
          <select
            id={`${id}-package`}
            className={ui.input}
            value={form.packageDetails ?? ''}
            onChange={(e) => onPackage(e.target.value || null)}
            onBlur={() => onLeave('packageDetails')}
          >
            <option value="">{t('choosePackage')}</option>
            {packages.map((p) => (
              <option key={p.code} value={p.code}>
                {t('packageOption', { hours: p.hours, km: p.km })}
              </option>
            ))}
          </select>
          {shown('packageDetails') ? <p className={ui.error}>{shown('packageDetails')}</p> : null}
        </div>
      )}
    </>
  );
}
