'use client';

import { useId } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { formatMoney } from '@/lib/i18n/format';
import { toMinor } from '@/lib/money/minor';
import type { VehicleType } from '@/lib/booking/vocabulary';
import { NAME_MAX } from '@/lib/contact/identifiers';
import { PhoneField } from '@/components/auth/phone-field';
import { usePhoneError } from '@/components/auth/field-error';
import type { Quote } from '@/components/booking/api';
import ui from '@/components/ui/ui.module.css';
import type { CustomerFields, CustomerInput } from './customer-form';
import styles from './rides.module.css';

/**
 * The priced trip's vehicles (AC fares), the customer's name and phone (marked wrong as they are
 * typed) and the payment; Book stays disabled until a vehicle is chosen and the customer is valid.
 */
export function CustomerChoice({
  quote,
  vehicle,
  onVehicle,
  form,
  busy,
  defaultCountry,
  onBook,
}: {
  quote: Quote;
  vehicle: VehicleType | null;
  onVehicle: (vehicle: VehicleType) => void;
  form: UseFormReturn<CustomerFields, unknown, CustomerInput>;
  busy: boolean;
  defaultCountry: string;
  onBook: (input: CustomerInput) => Promise<void>;
}) {
  const t = useTranslations('ConsoleBooking');
  const tTypes = useTranslations('VehicleTypes');
  const phoneMessage = usePhoneError();
  const locale = useLocale();
  const id = useId();
  const { errors, isValid } = form.formState;
  const [name, phone] = useWatch({ control: form.control, name: ['customerName', 'customerPhone'] });

  return (
    <form className={styles.dialogForm} aria-labelledby={`${id}-vehicles`} onSubmit={form.handleSubmit(onBook)}>
      <h2 id={`${id}-vehicles`}>{t('vehicles')}</h2>
      <fieldset className={styles.vehicleList}>
        <legend className="visually-hidden">{t('vehicles')}</legend>
        {/* the console books a type's AC fare; non-AC options are for riders' own bookings (docs/requirements/partner.md#fares) */}
        {quote.ride_details
          .filter((detail) => detail.vehicle.ac)
          .map((detail) => (
            <label key={detail.vehicle.vehicle_type} className={styles.vehicleOption}>
              <input
                type="radio"
                name={`${id}-vehicle`}
                checked={vehicle === detail.vehicle.vehicle_type}
                onChange={() => onVehicle(detail.vehicle.vehicle_type)}
              />
              <span>{tTypes(detail.vehicle.vehicle_type)}</span>
              <strong>{formatMoney(toMinor(detail.fee.total_fee), detail.fee.currency, locale)}</strong>
            </label>
          ))}
      </fieldset>
      <label htmlFor={`${id}-name`}>{t('customerName')}</label>
      <input
        id={`${id}-name`}
        className={ui.input}
        maxLength={NAME_MAX}
        aria-invalid={name && errors.customerName ? true : undefined}
        {...form.register('customerName')}
      />
      <Controller
        control={form.control}
        name="customerPhone"
        render={({ field }) => (
          <PhoneField id={`${id}-phone`} value={field.value} onChange={field.onChange} defaultCountry={defaultCountry} error={phoneMessage(phone, true)} />
        )}
      />
      <label htmlFor={`${id}-pay`}>{t('payment')}</label>
      <select id={`${id}-pay`} className={ui.input} {...form.register('paymentMethod')}>
        <option value="cash">{t('cash')}</option>
        <option value="upi">{t('upi')}</option>
      </select>
      <button type="submit" className={`${ui.button} ${ui.primary}`} disabled={busy || !vehicle || !isValid}>
        {busy ? t('booking') : t('book')}
      </button>
    </form>
  );
}
