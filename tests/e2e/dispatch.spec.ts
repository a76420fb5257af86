import { expect, test, type APIRequestContext } from '@playwright/test';
import { partnerLogin } from './support/partner';
import { inIndia } from './support/booking';

/*
 * Issue 14 items 1, 2 and 6 in the browser: the console books for a customer
 * by phone, the customer's start code arrives in the outbox (and again with
 * "Resend code to customer"), the partner accepts with a free driver while the
 * busy one is listed disabled, starts with the customer's code and completes.
 */

const PORT = Number(process.env.E2E_PORT ?? 3100);
const ORIGIN = `http://localhost:${PORT}`;
const PARTNER_EMAIL = 'hello@meridiancabs.example';
const STAMP = String(Date.now()).slice(-6);
const phone = (prefix: string) => `${prefix}${STAMP}`.slice(0, 10);
const CUSTOMER = { name: 'Revathi Subramanian', phone: phone('9444') };

type Outbox = { data: { to: string; body: string; channel: string }[] };

async function outboxFor(request: APIRequestContext, to: string): Promise<Outbox['data']> {
  return ((await (await request.get(`${ORIGIN}/api/dev/outbox?to=${encodeURIComponent(to)}`)).json()) as Outbox).data;
}

test.describe('dispatch: a customer booked by phone, availability and the start code', () => {
  test.use({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false });

  test('book by phone, code in the outbox, resend, accept with a free driver (busy one disabled), start with the code, complete', async ({ page }) => {
    await partnerLogin(page, PARTNER_EMAIL);
    const api = {
      post: async (path: string, body: unknown) => page.request.post(`${ORIGIN}${path}`, { data: body, headers: { origin: ORIGIN } }),
      patch: async (path: string, body: unknown) => page.request.patch(`${ORIGIN}${path}`, { data: body, headers: { origin: ORIGIN } }),
    };
    const json = async (answer: Awaited<ReturnType<typeof api.post>>) =>
      (await answer.json()) as { data: { id: number; number?: string } & Record<string, unknown> };

    // The fleet of this run: two verified, online drivers, two sedans (one plate typed the way operators do).
    const drivers: Record<'free' | 'busy', { id: number; name: string }> = {
      free: { id: 0, name: `Free Farook ${STAMP}` },
      busy: { id: 0, name: `Busy Bala ${STAMP}` },
    };
    for (const [key, prefix] of [
      ['free', '9555'],
      ['busy', '9666'],
    ] as const) {
      const added = await api.post('/api/partner/drivers', { name: drivers[key].name, phone: { dialCode: '91', number: phone(prefix) }, place: 'Chennai' });
      expect(added.status()).toBe(201);
      drivers[key].id = (await json(added)).data.id;
      expect((await api.patch(`/api/partner/drivers/${drivers[key].id}`, { action: 'verify' })).status()).toBe(200);
      expect((await api.patch(`/api/partner/drivers/${drivers[key].id}`, { online: true })).status()).toBe(200);
    }
    const typedPlate = `tn-38 d${STAMP.slice(0, 1)}-${STAMP.slice(-4)}`;
    const freeCar = await api.post('/api/partner/vehicles', { vehicleType: 'sedan', model: 'Honda City', number: typedPlate });
    expect(freeCar.status()).toBe(201);
    const freeVehicle = (await json(freeCar)).data as { id: number; number: string };
    expect(freeVehicle.number).toBe(`TN38 D${STAMP.slice(0, 1)}${STAMP.slice(-4)}`);
    const busyCar = await api.post('/api/partner/vehicles', { vehicleType: 'sedan', model: 'Hyundai Aura', number: `TN39 E${STAMP.slice(-4)}` });
    const busyVehicle = (await json(busyCar)).data as { id: number; number: string };

    // The busy driver holds another accepted ride, picked up in two hours: its window (pickup to expected end plus
    // the buffer) overlaps the ride booked "Now" below. A ride days away would leave the driver free now.
    await page.goto('/in/en/travel/ride/book');
    const quote = await page.request.post(`${ORIGIN}/api/rides/quote`, {
      headers: { origin: ORIGIN },
      data: {
        rideType: 'oneway',
        tripKind: 'outstation',
        pickupLocation: { lat: 13.0878, lng: 80.2785, name: 'Chennai' },
        dropoffLocation: { lat: 11.9416, lng: 79.8083, name: 'Pondicherry' },
        pickupTime: new Date(Date.now() + 2 * 3600_000).toISOString(),
      },
    });
    const rideSearchId = ((await quote.json()) as { data: { ride_search_id: string } }).data.ride_search_id;
    const held = await api.post('/api/partner/rides/book', {
      customerName: 'Held Ride',
      customerPhone: { dialCode: '91', number: phone('9777') },
      rideSearchId,
      rideVehicle: 'sedan',
      idempotencyKey: `held-${STAMP}`,
    });
    const heldId = ((await held.json()) as { data: { rideId: number }[] }).data[0].rideId;
    expect((await api.post(`/api/partner/rides/${heldId}`, { action: 'accept', driverId: drivers.busy.id, vehicleId: busyVehicle.id })).status()).toBe(200);

    // The console books for a customer on the phone.
    await expect(page.getByRole('navigation', { name: 'Console menu' }).first().getByRole('link', { name: 'AI agent' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Book Taxi' });
    for (const [label, place] of [
      ['Pickup location', 'Chennai'],
      ['Drop-off location', 'Bengaluru'],
    ]) {
      await form.getByRole('combobox', { name: label }).fill(place.slice(0, 4));
      await page
        .getByRole('option', { name: new RegExp(`^${place}`) })
        .first()
        .click();
    }
    await form.getByLabel('Pickup date').fill(inIndia(2));
    // the first choice is "Now": the customer on the phone wants a cab now
    await form.getByLabel('Pickup time').selectOption({ index: 1 });
    await form.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('radio', { name: /Sedan/ }).check();
    await page.getByLabel('Customer name').fill(CUSTOMER.name);
    await page.getByLabel('Phone number', { exact: true }).fill(CUSTOMER.phone);
    await page.getByRole('button', { name: 'Book the ride' }).click();
    const booked = page.getByRole('heading', { name: /^Ride #\d+ is booked$/ });
    await expect(booked).toBeVisible();
    const rideId = /#(\d+)/.exec((await booked.textContent())!)![1];
    await expect(page.getByText(`We sent the ride and its start code to the customer at +91 ${CUSTOMER.phone}.`)).toBeVisible();

    // The customer's confirmation with the start code is in the outbox (SMS: no gateway configured here).
    const to = `+91${CUSTOMER.phone}`;
    await expect.poll(async () => (await outboxFor(page.request, to)).length).toBe(1);
    const [message] = await outboxFor(page.request, to);
    expect(message.channel).toBe('sms');
    expect(message.body).toContain(`ride #${rideId}`);
    const code = /start code is (\d{4})/.exec(message.body)![1];

    // The card says where the code is (never the code) and resends it.
    await page.getByRole('link', { name: 'Go to rides' }).click();
    // the board opens on Today, which holds this "Now" pickup (on a desktop, a row of the table)
    const card = page.getByRole('row', { name: `Ride #${rideId}`, exact: true });
    await expect(card).toContainText('Start code: sent to the customer by SMS');
    await expect(card).not.toContainText(code);
    await card.getByRole('button', { name: 'Resend code to customer' }).click();
    await expect(card.getByRole('status')).toHaveText('Start code sent to the customer again.');
    await expect.poll(async () => (await outboxFor(page.request, to)).length).toBe(2);

    // Accept: the busy driver and the busy car are listed but disabled, with the reason.
    await card.getByRole('button', { name: 'Accept' }).click();
    const accept = page.getByRole('dialog', { name: `Accept ride #${rideId}` });
    const driverSelect = accept.getByLabel('Driver');
    const busyOption = driverSelect.locator('option', { hasText: drivers.busy.name });
    await expect(busyOption).toHaveText(`${drivers.busy.name} (busy on ride #${heldId})`);
    await expect(busyOption).toBeDisabled();
    await expect(driverSelect.locator('option', { hasText: drivers.free.name })).toBeEnabled();
    await expect(accept.getByLabel('Vehicle', { exact: true }).locator('option', { hasText: busyVehicle.number })).toBeDisabled();
    await driverSelect.selectOption({ label: drivers.free.name });
    await accept.getByLabel('Vehicle', { exact: true }).selectOption({ label: `${freeVehicle.number} · Honda City` });
    await accept.getByRole('button', { name: 'Accept' }).click();
    await expect(accept).toBeHidden();
    await expect(card).toContainText('Accepted');
    await expect(card).toContainText(drivers.free.name);

    // Start with the code the customer received, then complete.
    await card.getByRole('button', { name: 'Start' }).click();
    const start = page.getByRole('dialog', { name: `Start ride #${rideId}` });
    await expect(start).toContainText('Ask the customer for the 4-digit start code sent to their phone.');
    await start.getByLabel('Start code').fill(code);
    await start.getByRole('button', { name: 'Start the trip' }).click();
    await expect(card).toContainText('On Trip');
    await card.getByRole('button', { name: 'Complete' }).click();
    await page
      .getByRole('dialog', { name: `Complete ride #${rideId}` })
      .getByRole('button', { name: 'Complete the ride' })
      .click();
    await expect(card).toContainText('Completed');

    // Blocking the busy driver is refused while they hold their ride, naming it.
    const block = await api.patch(`/api/partner/drivers/${drivers.busy.id}`, { action: 'block' });
    expect(block.status()).toBe(409);
    expect(((await block.json()) as { error: { message: string } }).error.message).toBe(
      `${drivers.busy.name} holds ride #${heldId}. Reassign that ride first.`,
    );
    // Free the held ride so later specs find the fleet as they expect.
    expect((await api.post(`/api/partner/rides/${heldId}`, { action: 'decline', reason: 'End of the dispatch test' })).status()).toBe(200);
  });
});
