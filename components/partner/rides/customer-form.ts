import type { Resolver } from 'react-hook-form';
import { checkPersonName, checkPhone } from '@/lib/contact/checks';
import type { Phone } from '@/lib/contact/identifiers';
import { checksResolver } from '@/components/auth/checks-resolver';

export type CustomerPayment = 'cash' | 'upi';
/** What the console's customer fields hold. */
export type CustomerFields = { customerName: string; customerPhone: Partial<Phone> | undefined; paymentMethod: CustomerPayment };
/** The customer as `bookForCustomerSchema` takes them: the name trimmed, the phone parsed. */
export type CustomerInput = { customerName: string; customerPhone: Phone; paymentMethod: CustomerPayment };

/** `personNameSchema` and `phoneSchema` without zod (lib/contact/checks); the payment is one of the select's options. */
export const customerResolver = checksResolver<CustomerInput>({
  customerName: checkPersonName,
  customerPhone: checkPhone,
  paymentMethod: (value) => ({ ok: true, value: value as CustomerPayment }),
}) as unknown as Resolver<CustomerFields, unknown, CustomerInput>;
