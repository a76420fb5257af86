import { expect, test } from '@playwright/test';
import { fillTrip, pickVehicle, rideCard, signInInSheet } from './support/booking';
import { payuAnswer, sha512 } from '../unit/lib/payments/payu-answer';
import { E2E_KEY as KEY, E2E_SALT as SALT, payuRequests } from './support/payu-stand-in';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const ORIGIN = `http://localhost:${PORT}`;
/** PayU's stand-in (tests/e2e/support/payu-stand-in.ts), the e2e server's PAYU_ENDPOINT with its key and salt (playwright.config.ts). */
const GATEWAY_PORT = Number(process.env.E2E_GATEWAY_PORT ?? 2530);
const GATEWAY = `http://127.0.0.1:${GATEWAY_PORT}`;
const FIELDS = ['key', 'txnid', 'amount', 'productinfo', 'firstname', 'email', 'phone', 'surl', 'furl', 'hash'];
const MIHPAYID = '403993715524045752';
/** The forms posted to the stand-in's checkout, by every spec of the run. */
const posted = async () => (await payuRequests(GATEWAY)).payments;

test('a rider books with Card: the pay page posts the hashed form once to the gateway, and the signed success marks the ride paid', async ({ page }) => {
  const before = (await posted()).length;
  await fillTrip(page, { from: 'Chennai', to: 'Bengaluru', time: '8:00 PM' });
  await pickVehicle(page, 'Sedan');
  await page.getByLabel('Payment method').selectOption({ label: 'Card' });
  await expect(page.getByText('You pay by card on the next page.')).toBeVisible();
  // the payer's e-mail is asked once (kept in the profile), never made up
  await page.getByLabel('E-mail for the card receipt').fill('meera.nair@mail.example');
  await page.getByRole('button', { name: 'Book now' }).click();
  await signInInSheet(page, '98400 55555', 'Meera Nair');

  await expect(page.getByText('Redirecting to payment gateway...')).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(`${GATEWAY}/_payment`);
  await expect(page.getByRole('heading', { name: 'Stand-in gateway' })).toBeVisible();
  await page.waitForTimeout(1000);
  expect(await posted()).toHaveLength(before + 1);
  const form = (await posted())[before];
  expect(Object.keys(form).sort()).toEqual([...FIELDS].sort());
  for (const name of FIELDS) expect(form[name], name).not.toBe('');
  expect(form.key).toBe(KEY);
  expect(form.txnid).toMatch(/^[A-Za-z0-9]{1,25}$/);
  expect(form.amount).toMatch(/^\d+\.\d{2}$/);
  expect(form.productinfo).toMatch(/^Ride #\d+$/);
  expect(form.firstname).toBe('Meera Nair');
  expect(form.phone).toBe('9840055555');
  expect(form.email).toBe('meera.nair@mail.example');
  expect(form.surl).toBe(`${ORIGIN}/api/payments/payu/success?locale=en-IN`);
  expect(form.furl).toBe(`${ORIGIN}/api/payments/payu/failure?locale=en-IN`);
  expect(form.hash).toBe(sha512(`${KEY}|${form.txnid}|${form.amount}|${form.productinfo}|${form.firstname}|${form.email}|||||||||||${SALT}`));
  const rideId = form.productinfo.replace('Ride #', '');

  const forged = await page.request.post(form.surl, { form: { ...payuAnswer(form, { salt: SALT, mihpayid: MIHPAYID }), amount: '1.00' } });
  expect(forged.status()).toBe(400);
  expect((await forged.json()).error.message).toMatch(/^hash: /);

  // The gateway sends the browser back with a cross-site POST to surl.
  const answer = payuAnswer(form, { salt: SALT, mihpayid: MIHPAYID });
  await page.evaluate(
    ({ action, fields }) => {
      const back = document.createElement('form');
      back.method = 'post';
      back.action = action;
      for (const [name, value] of Object.entries(fields)) {
        const input = document.createElement('input');
        Object.assign(input, { type: 'hidden', name, value });
        back.append(input);
      }
      document.body.append(back);
      back.submit();
    },
    { action: form.surl, fields: answer },
  );
  await expect(page).toHaveURL(`${ORIGIN}/in/en/ride/confirmed?paid=1&rideId=${rideId}`);
  await expect(page.getByRole('heading', { name: 'Congratulations! Your ride is booked' })).toBeVisible();
  await expect(page.getByText(`Payment received. Ride #${rideId} is paid by card.`)).toBeVisible();

  await page.goto('/in/en/user/rides');
  await expect(rideCard(page, rideId)).toBeVisible();
  const mine = await (await page.request.get('/api/rides')).json();
  expect(mine.data.upcoming.find((ride: { id: number }) => ride.id === Number(rideId))).toMatchObject({ paymentMethod: 'card', paid: true });
  expect(await posted()).toHaveLength(before + 1);
});
