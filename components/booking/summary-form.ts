import type { Resolver } from 'react-hook-form';
import { checkEmail, type Check } from '@/lib/contact/checks';
import type { Phone } from '@/lib/contact/identifiers';
import { checksResolver } from '@/components/auth/checks-resolver';
import { checkPassenger, type PassengerDraft } from '@/components/trust/passenger-fields';

export const PAYMENT_OPTIONS = ['cash', 'upi'] as const;
export type PaymentOption = (typeof PAYMENT_OPTIONS)[number] | 'card';

/** What the summary's fields hold. */
export type SummaryFields = { payment: PaymentOption; useWallet: boolean; email: string; passenger: PassengerDraft };
/** What a valid summary gives the booking: the passenger checked, the e-mail checked when it was asked. */
export type SummaryInput = { payment: PaymentOption; useWallet: boolean; email: string; passenger: { name: string; phone: Phone } | undefined };
/** Whether the signed-in rider's profile already holds an e-mail (then a card payment does not ask for one). */
export type SummaryContext = { hasEmail: boolean };

const keep =
  <T>() =>
  (value: unknown): Check<T> => ({ ok: true, value: value as T });
const base = { payment: keep<PaymentOption>(), useWallet: keep<boolean>(), passenger: checkPassenger };
const withEmail = checksResolver<SummaryInput>({ ...base, email: checkEmail });
const withoutEmail = checksResolver<SummaryInput>({ ...base, email: keep<string>() });

/** Card payments need the rider's e-mail for the receipt: asked (and checked) only when the profile has none. */
export const isEmailAsked = (payment: PaymentOption, hasEmail: boolean) => payment === 'card' && !hasEmail;

/** The passenger as `passengerOf` answers, the e-mail as `emailSchema` (lib/contact/checks) when a card payment asks for it. */
export const summaryResolver: Resolver<SummaryFields, SummaryContext, SummaryInput> = (values, context, options) =>
  (isEmailAsked(values.payment, Boolean(context?.hasEmail)) ? withEmail : withoutEmail)(values as never, context, options as never) as never;
