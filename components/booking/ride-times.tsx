'use client';

import { useMemo } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { RIDE_TIME_SLOTS, rideTimeSlots } from '@/lib/fares/time';
import { numbering, plainSpaces, timeLocale } from '@/lib/i18n/format-time';
import ui from '@/components/ui/ui.module.css';
import type { RideFormData } from './booking-store';
import { NOW } from './ride-issues';
import styles from './booking.module.css';

type DateKey = 'pickupDate' | 'returnDate';
type TimeKey = 'pickupTime' | 'returnTime';

/** The booking form's pickup date and time and, for a return trip, the return's. */
export function RideTimes({
  id,
  form,
  timeZone,
  hydrated,
  today,
  shown,
  onChange,
  onLeave,
}: {
  id: string;
  form: Pick<RideFormData, 'tripKind' | 'rideType' | DateKey | TimeKey>;
  timeZone: string;
  hydrated: boolean;
  /** The operator's date today, '' before hydration. */
  today: string;
  shown: (key: string) => string | undefined;
  onChange: (key: DateKey | TimeKey, value: string) => void;
  /** The rider left a date or time field: its time's error is due. */
  onLeave: (key: TimeKey) => void;
}) {
  const t = useTranslations('Booking');
  const locale = useLocale();
  // the 96 quarter hours' labels ("8:15 PM", as lib/i18n/format-time's formatTime) with one formatter per language, not one per option and render
  const slotLabels = useMemo(() => {
    const format = new Intl.DateTimeFormat(timeLocale(locale), { hour: 'numeric', minute: '2-digit', hour12: true, timeZone: 'UTC', ...numbering });
    return new Map(RIDE_TIME_SLOTS.map((slot) => [slot, plainSpaces(format.format(new Date(`2000-01-01T${slot}:00Z`)))] as const));
  }, [locale]);

  const timeSelect = (key: TimeKey, label: string, withNow: boolean) => {
    // past times are not offered (every slot before hydration: the server HTML cannot know the rider's "now"); a chosen
    // time that has since passed stays shown, with its error
    const offered = hydrated ? rideTimeSlots(form[key === 'pickupTime' ? 'pickupDate' : 'returnDate'], timeZone) : RIDE_TIME_SLOTS;
    const value = form[key];
    const slots = value && value !== NOW && !offered.includes(value) ? [value, ...offered] : offered;
    return (
      <div className={ui.field}>
        <label htmlFor={`${id}-${key}`}>{label}</label>
        <select
          id={`${id}-${key}`}
          className={ui.input}
          value={value}
          onChange={(e) => onChange(key, e.target.value)}
          onBlur={() => onLeave(key)}
          aria-invalid={shown(key) ? true : undefined}
        >
          <option value="">{t('chooseTime')}</option>
          {withNow ? <option value={NOW}>{t('now')}</option> : null}
          {slots.map((slot) => (
            <option key={slot} value={slot}>
              {slotLabels.get(slot) ?? slot}
            </option>
          ))}
        </select>
        {shown(key) ? <p className={ui.error}>{shown(key)}</p> : null}
      </div>
    );
  };

  return (
    <>
      <div className={styles.pair}>
        <div className={ui.field}>
          <label htmlFor={`${id}-pdate`}>{t('pickupDate')}</label>
          <input
            id={`${id}-pdate`}
            type="date"
            className={`${ui.input} ${styles.pickupDate}`}
            min={today || undefined}
            value={form.pickupDate}
            disabled={form.pickupTime === NOW}
            onChange={(e) => onChange('pickupDate', e.target.value)}
            onBlur={() => onLeave('pickupTime')}
          />
        </div>
        {timeSelect('pickupTime', t('pickupTime'), true)}
      </div>

      {form.rideType === 'return' && form.tripKind !== 'rental' ? (
        <div className={styles.pair}>
          <div className={ui.field}>
            <label htmlFor={`${id}-rdate`}>{t('returnDate')}</label>
            <input
              id={`${id}-rdate`}
              type="date"
              className={ui.input}
              min={form.pickupDate || today || undefined}
              value={form.returnDate}
              onChange={(e) => onChange('returnDate', e.target.value)}
              onBlur={() => onLeave('returnTime')}
            />
          </div>
          {timeSelect('returnTime', t('returnTime'), false)}
        </div>
      ) : null}
    </>
  );
}
