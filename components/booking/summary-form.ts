import type { FieldErrors, Resolver } from 'react-hook-form';
import { emailSchema, type Phone } from '@/lib/contact/identifiers';
import { passengerOf, type PassengerDraft } from '@/components/trust/passenger-fields';

export const PAYMENT_OPTIONS = ['cash', 'upi'] as const;
export type PaymentOption = (typeof PAYMENT_OPTIONS)[number] | 'card';

/** What the summary's fields hold. */
export type SummaryFields = { payment: PaymentOption; useWallet: boolean; email: string; passenger: PassengerDraft };
/** What a valid summary gives the booking: the passenger checked, the e-mail checked when it was asked. */
export type SummaryInput = { payment: PaymentOption; useWallet: boolean; email: string; passenger: { name: string; phone: Phone } | undefined };
/** Whether the signed-in rider's profile already holds an e-mail (then a card payment does not ask for one). */
export type SummaryContext = { hasEmail: boolean };

/** Card payments need the rider's e-mail for the receipt: asked (and checked) only when the profile has none. */
export const isEmailAsked = (payment: PaymentOption, hasEmail: boolean) => payment === 'card' && !hasEmail;

/** The passenger as `passengerOf` answers, the e-mail as the server's `emailSchema` when a card payment asks for it. */
export const summaryResolver: Resolver<SummaryFields, SummaryContext, SummaryInput> = (values, context) => {
  const errors: FieldErrors<SummaryFields> = {};
  let email = values.email;
  if (isEmailAsked(values.payment, Boolean(context?.hasEmail))) {
    const checked = emailSchema.safeParse(values.email);
    if (checked.success) email = checked.data;
    else errors.email = { type: 'custom', message: checked.error.issues[0].message };
  }
  const passenger = passengerOf(values.passenger);
  if (!passenger.ok) errors.passenger = { [passenger.field]: { type: 'custom', message: passenger.message } } as FieldErrors<SummaryFields>['passenger'];
  if (!passenger.ok || Object.keys(errors).length) return { values: {} as Record<string, never>, errors };
  return { values: { payment: values.payment, useWallet: values.useWallet, email, passenger: passenger.passenger }, errors: {} };
};
