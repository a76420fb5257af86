import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';
import type { Resolver } from 'react-hook-form';
import { personNameSchema, phoneSchema, type Phone } from '@/lib/contact/identifiers';

export type CustomerPayment = 'cash' | 'upi';
/** What the console's customer fields hold. */
export type CustomerFields = { customerName: string; customerPhone: Partial<Phone> | undefined; paymentMethod: CustomerPayment };
/** The customer as `bookForCustomerSchema` takes them: the name trimmed, the phone parsed. */
export type CustomerInput = { customerName: string; customerPhone: Phone; paymentMethod: CustomerPayment };

/** The server's `personNameSchema` and `phoneSchema` (lib/contact/identifiers, zod/mini); the payment is one of the select's options. */
const customerSchema = z.object({ customerName: personNameSchema, customerPhone: phoneSchema, paymentMethod: z.enum(['cash', 'upi']) });

export const customerResolver = zodResolver(customerSchema) as unknown as Resolver<CustomerFields, unknown, CustomerInput>;
