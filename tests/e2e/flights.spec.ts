import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { partnerLogin, showBoardDay } from './support/partner';
import { choosePlace, inIndia, pickVehicle, rideCard, signInInSheet } from './support/booking';
import { codeFromOutbox } from './support/codes';
import { TEAL_PNG } from './support/images';

/*
 * An airport pickup that follows its flight, as a rider, an operator and a
 * driver live it: the flight checked at booking against the local
 * flight-status stand-in (AeroDataBox's format), a 50-minute delay moving the
 * pickup on My rides, the driver app and the console without a reload, the
 * meeting point's photo on the confirmation and on the track page the driver
 * details link, the rider's message in the outbox, the name board, and 20 minutes of paid
 * waiting on the invoice. The ride is three days ahead: nothing depends on the hour.
 */

const PORT = Number(process.env.E2E_PORT ?? 3100);
const ORIGIN = `http://localhost:${PORT}`;
const STAND_IN = `http://127.0.0.1:${PORT + 12}`;
const PARTNER_EMAIL = 'hello@meridiancabs.example';
const RIDER = { phone: '98400 44444', e164: '+919840044444', name: 'Meena Krishnan' };
const DRIVER = { name: 'Arul Prakash', phone: '9876500031', e164: '+919876500031', plate: 'TN07 FL3020', model: 'Honda City' };
const DAY = inIndia(3);
const at = (hhmm: string) => new Date(`${DAY}T${hhmm}:00+05:30`).toISOString();
const AI302 = { number: 'AI302', origin: 'DEL', destination: 'MAA', scheduledDeparture: at('07:20'), scheduledArrival: at('10:00') };

/** A verified, online driver with a sedan of the demo operator, for this spec alone (the seeded ones may hold other specs' rides). */
async function addDriver(request: APIRequestContext) {
  const vehicle = await (
    await request.post('/api/partner/vehicles', { headers: { origin: ORIGIN }, data: { vehicleType: 'sedan', model: DRIVER.model, number: DRIVER.plate } })
  ).json();
  const driver = await (
    await request.post('/api/partner/drivers', { headers: { origin: ORIGIN }, data: { name: DRIVER.name, phone: { dialCode: '91', number: DRIVER.phone } } })
  ).json();
  for (const change of [{ action: 'verify' }, { vehicleId: vehicle.data.id }, { online: true }]) {
    const res = await request.patch(`/api/partner/drivers/${driver.data.id}`, { headers: { origin: ORIGIN }, data: change });
    expect(res.status(), JSON.stringify(change)).toBe(200);
  }
}

async function driverLogin(page: Page) {
  await page.goto('/in/en/driver/home');
  await page.getByLabel('Phone number', { exact: true }).fill(DRIVER.phone);
  await page.getByRole('button', { name: 'Continue' }).click();
  const code = await codeFromOutbox(page.request, ORIGIN, DRIVER.e164);
  await page.getByRole('dialog', { name: 'Enter the code' }).getByLabel('6-digit code').fill(code);
  await expect(page.getByRole('heading', { name: 'Your current rides' })).toBeVisible();
}

test.describe('an airport pickup follows its flight', () => {
  test('delay moves the pickup everywhere live; name board; 20 minutes of paid waiting on the invoice', async ({ browser }) => {
    test.setTimeout(180_000);
    const phone = { viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true };
    const partner = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    const rider = await (await browser.newContext(phone)).newPage();
    const driver = await (await browser.newContext(phone)).newPage();
    await fetch(`${STAND_IN}/_reset`, { method: 'POST' });
    await fetch(`${STAND_IN}/_flights`, { method: 'POST', body: JSON.stringify(AI302) });

    // The operator connects its flight-status service and sets its meeting point at MAA.
    await partnerLogin(partner, PARTNER_EMAIL);
    await partner.goto('/in/en/travel/integrations');
    const service = partner.getByRole('form', { name: 'Flight status' });
    await service.getByLabel('Service').selectOption({ label: 'AeroDataBox' });
    await service.getByLabel('API key').fill('e2e-flight-key-0001');
    await service.getByRole('button', { name: 'Save' }).click();
    // the form shows the saved key's last digits (its status line is one of several in the form)
    await expect(service.getByText(/^Saved: •+0001\./)).toBeVisible();
    try {
      await service.getByRole('button', { name: 'Test connection' }).click();
      await expect(service.getByText(/^Connection works/)).toBeVisible();
      const upload = await partner.request.post('/api/partner/airport-photos', {
        headers: { origin: ORIGIN },
        multipart: { file: { name: 'gate-4.png', mimeType: 'image/png', buffer: TEAL_PNG } },
      });
      expect(upload.status()).toBe(201);
      const photo = (await upload.json()).data as { image: string };
      const meeting = await partner.request.put('/api/partner/airports/MAA', {
        headers: { origin: ORIGIN },
        data: { texts: { en: 'Arrivals exit gate 4, by the coffee counter' }, photoUrl: photo.image },
      });
      expect(meeting.status()).toBe(200);
      await addDriver(partner.request);

      // The rider books: the airport fills in, the flight is checked and the pickup offered at the first quarter hour at or after the landing plus 30 minutes.
      await rider.goto('/in/en/user/home');
      const form = rider.getByRole('form', { name: 'Book Taxi' });
      await form.getByRole('radio', { name: 'Airport', exact: true }).check();
      await expect(form.getByRole('combobox', { name: 'Pickup location' })).toHaveValue('Chennai International Airport (MAA)');
      await form.getByLabel('Flight number', { exact: true }).fill('ai-302');
      await choosePlace(rider, 'Drop-off location', 'T Nag', 'T Nagar');
      await form.getByLabel('Pickup date').fill(DAY);
      await expect(form.getByText('Air India Limited AI 302 lands at 10:00 AM.')).toBeVisible();
      await expect(form.getByLabel('Pickup time')).toHaveValue('10:30');
      await form.getByRole('button', { name: 'Continue' }).click();
      await pickVehicle(rider, 'Sedan');
      await expect(rider.getByText(/^Waiting: 60 minutes free after your flight lands, then ₹60\.00 for each started 15 minutes\.$/)).toBeVisible();
      await rider.getByRole('button', { name: 'Book now' }).click();
      await signInInSheet(rider, RIDER.phone, RIDER.name);
      await expect(rider.getByRole('heading', { name: 'Congratulations! Your ride is booked' })).toBeVisible({ timeout: 20_000 });
      await expect(rider.getByText('Arrivals exit gate 4, by the coffee counter')).toBeVisible();
      await expect(rider.getByRole('img', { name: 'The meeting point' })).toHaveAttribute('src', photo.image);
      const rideId = (await rider.getByText(/^Ride #\d+$/).textContent())!.replace('Ride #', '');

      // The operator accepts with the seeded driver.
      const incoming = partner.getByRole('region', { name: 'New bookings' }).getByRole('listitem', { name: `Ride #${rideId}` });
      await expect(incoming).toBeVisible({ timeout: 15_000 });
      await incoming.getByRole('button', { name: 'Accept' }).click();
      const accept = partner.getByRole('dialog', { name: `Accept ride #${rideId}` });
      await accept.getByLabel('Driver').selectOption({ label: DRIVER.name });
      await accept.getByLabel('Vehicle').selectOption({ label: `${DRIVER.plate} · ${DRIVER.model}` });
      await accept.getByRole('button', { name: 'Accept' }).click();
      await expect(incoming).toBeHidden();

      // The driver details link the track page's meeting point, with its photo, for anyone holding the message.
      let meetingLink = '';
      await expect
        .poll(async () => {
          const box = await (await rider.request.get(`/api/dev/outbox?to=${encodeURIComponent(RIDER.e164)}`)).json();
          meetingLink = (box.data as { body: string }[]).map((m) => /See where to meet: (\S+)/.exec(m.body)?.[1]).find(Boolean) ?? '';
          return meetingLink;
        })
        .toMatch(new RegExp(`/in/en/track/driver\\?rideId=${rideId}&token=[A-Za-z0-9_-]{43}#meeting-point$`));
      const guest = await (await browser.newContext(phone)).newPage();
      await guest.goto(meetingLink);
      const point = guest.locator('#meeting-point');
      await expect(point).toContainText('Arrivals exit gate 4, by the coffee counter');
      await expect(point.getByRole('img', { name: 'The meeting point' })).toHaveAttribute('src', photo.image);
      await guest.context().close();

      // Three screens open on the ride: My rides, the driver app, the console's board on that day.
      await rider.goto('/in/en/user/rides');
      const riderCard = rideCard(rider, rideId);
      await expect(riderCard).toContainText('10:30');
      await expect(riderCard).toContainText('Flight AI 302 is expected at 10:00 AM.');
      await driverLogin(driver);
      const driverCard = driver.getByRole('article', { name: `Ride #${rideId}` });
      await expect(driverCard).toContainText('10:30');
      await partner.goto('/in/en/travel/rides');
      await showBoardDay(partner, DAY);
      const row = partner.getByRole('row', { name: `Ride #${rideId}` });
      await expect(row).toContainText('10:30');

      // The flight is now expected 50 minutes late: the operator asks the service now (the schedule would ask too).
      await fetch(`${STAND_IN}/_flights`, { method: 'POST', body: JSON.stringify({ ...AI302, state: 'enroute', estimatedArrival: at('10:50') }) });
      await row.getByRole('button', { name: 'Flight' }).click();
      const dialog = partner.getByRole('dialog', { name: `Flight AI 302, ride #${rideId}` });
      await dialog.getByRole('button', { name: 'Check now' }).click();
      await expect(dialog.getByRole('status')).toHaveText('Checked.');
      await dialog.getByRole('button', { name: 'Close' }).click();

      // Every screen shows 11:20 without a reload; the rider's outbox has the message.
      await expect(row).toContainText('11:20');
      await expect(row).toContainText('Pickup moved');
      await expect(riderCard).toContainText('11:20');
      await expect(riderCard).toContainText('Your pickup moved with your flight');
      await expect(driverCard).toContainText('11:20');
      await expect
        .poll(async () => {
          const box = await (await rider.request.get(`/api/dev/outbox?to=${encodeURIComponent(RIDER.e164)}`)).json();
          return (box.data as { body: string }[]).some((m) => /flight AI 302 has a new landing time, so your pickup for ride \d+ is now .*11:20/.test(m.body));
        })
        .toBe(true);

      // At the airport: the name board, "I am at the meeting point", the trip, and 80 minutes waited (60 free).
      await driverCard.getByRole('button', { name: 'Show name board' }).click();
      const board = driver.getByRole('dialog', { name: `Name board for ${RIDER.name}` });
      await expect(board.getByText(RIDER.name, { exact: true })).toBeVisible();
      await board.getByRole('button', { name: 'Close' }).click();
      await driverCard.getByRole('button', { name: 'I am at the meeting point' }).click();
      await expect(driver.getByText('The rider was told you are at the meeting point.')).toBeVisible();
      const code = (await riderCard
        .getByText(/Start code/)
        .locator('strong')
        .textContent())!.trim();
      await driverCard.getByRole('button', { name: 'Start', exact: true }).click();
      await driverCard.getByLabel("Rider's start code").fill(code);
      await driverCard.getByRole('button', { name: 'Start the trip' }).click();
      await expect(driver.getByText(`Ride #${rideId} has started. Drive safely.`)).toBeVisible();
      await driverCard.getByRole('button', { name: 'Complete', exact: true }).click();
      await driverCard.getByLabel('Minutes waited before the trip').fill('80');
      await driverCard.getByRole('button', { name: 'Complete the ride' }).click();
      await expect(driver.getByText(`Ride #${rideId} is completed.`)).toBeVisible();

      const invoice = await rider.request.get(`/api/rides/${rideId}/invoice?lang=en`);
      expect(invoice.status()).toBe(200);
      const text = (await new PDFParse({ data: new Uint8Array(await invoice.body()) }).getText()).text;
      expect(text).toContain('Waiting: 20 min after 60 min free (2 × 15 min)');
      // the PDF writes amounts with the currency code (its font has no rupee sign)
      expect(text).toMatch(/INR\s?120\.00/);
    } finally {
      await partner.request.delete('/api/partner/integrations/flights', { headers: { origin: ORIGIN } });
    }
  });
});
