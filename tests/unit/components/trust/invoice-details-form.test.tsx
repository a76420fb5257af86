/**
 * @jest-environment jsdom
 */
import '@testing-library/jest-dom';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import { invoiceSettingsSchema } from '@/lib/invoice/schemas';
import { ApiRequestError } from '@/components/data/fetch-data';
import { InvoiceDetailsForm } from '@/components/trust/invoice-details-form';
import { withQueryClient } from '../../query-wrapper';

/*
 * The console's invoice details (docs/requirements/partner.md): Save checks the fields as the
 * route does (lib/invoice/schemas) and names the first bad one, under the form, tied to its field.
 */

const saved: unknown[] = [];
jest.mock('@/components/trust/api', () => ({
  fetchInvoiceSettings: async () => ({ legalName: 'Asha Travels', address: null, taxNumber: null, taxRate: 5, sacCode: '996412', supplyType: 'intra' }),
  // the route's parse (lib/api/endpoint.ts parseWith): 400 with the first issue's field and message key
  saveInvoiceSettings: async (input: unknown) => {
    const parsed = invoiceSettingsSchema.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = String(issue.path[0]);
      throw new ApiRequestError({ code: 'bad_request', message: `${field}: ${issue.message}`, field, key: issue.message, status: 400 });
    }
    saved.push(parsed.data);
    return parsed.data;
  },
}));

async function renderForm() {
  render(
    withQueryClient(
      <NextIntlClientProvider locale="en-IN" messages={en}>
        <InvoiceDetailsForm />
      </NextIntlClientProvider>,
    ),
  );
  return screen.findByLabelText(en.InvoiceDetails.taxNumber);
}
const save = () => fireEvent.click(screen.getByRole('button', { name: en.InvoiceDetails.save }));

beforeEach(() => {
  saved.length = 0;
});

describe('the invoice details form', () => {
  it('saves the details as typed, the rate with a decimal comma', async () => {
    const tax = await renderForm();
    expect(screen.getByLabelText(en.InvoiceDetails.legalName)).toHaveValue('Asha Travels');
    fireEvent.change(tax, { target: { value: '33abcde1234f1z5' } });
    fireEvent.change(screen.getByLabelText(en.InvoiceDetails.taxRate), { target: { value: '5,5' } });
    fireEvent.change(screen.getByLabelText(en.InvoiceDetails.supplyType), { target: { value: 'inter' } });
    save();
    expect(await screen.findByText(en.InvoiceDetails.saved)).toBeInTheDocument();
    expect(saved).toEqual([{ legalName: 'Asha Travels', address: null, taxNumber: '33ABCDE1234F1Z5', taxRate: 5.5, sacCode: '996412', supplyType: 'inter' }]);
  });

  it('names the first bad field on Save, tied to it, and keeps the message until the next Save', async () => {
    const tax = await renderForm();
    fireEvent.change(tax, { target: { value: 'GST-1' } });
    fireEvent.change(screen.getByLabelText(en.InvoiceDetails.taxRate), { target: { value: '55' } });
    expect(tax).not.toHaveAttribute('aria-invalid');
    save();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(en.Validation.taxNumberInvalid);
    expect(tax).toHaveAttribute('aria-invalid', 'true');
    expect(tax).toHaveAttribute('aria-describedby', alert.id);
    expect(screen.getByLabelText(en.InvoiceDetails.taxRate)).not.toHaveAttribute('aria-invalid');
    // fixed, but not saved yet: the message stays
    fireEvent.change(tax, { target: { value: '33ABCDE1234F1Z5' } });
    expect(screen.getByRole('alert')).toHaveTextContent(en.Validation.taxNumberInvalid);
    save();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(en.Validation.taxRateRange));
    expect(screen.getByLabelText(en.InvoiceDetails.taxRate)).toHaveAttribute('aria-invalid', 'true');
    expect(tax).not.toHaveAttribute('aria-invalid');
    expect(saved).toEqual([]);
  });
});
