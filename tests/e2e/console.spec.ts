import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { partnerLogin } from './support/partner';
import { confirmation, fillTrip, pickVehicle, rideCard, signInInSheet } from './support/booking';

const PARTNER_EMAIL = 'hello@meridiancabs.example';

test.describe('the partner runs a ride the rider booked', () => {
  test.use({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false });

  test('live arrival with the sound, accept with driver and vehicle, start with the rider code, complete; the rider sees each status', async ({ browser }) => {
    const partnerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const riderContext = await browser.newContext({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });
    const partner = await partnerContext.newPage();
    const rider = await riderContext.newPage();
    // Records notification sounds: headless Chromium has no speakers to hear them.
    await partner.addInitScript(() => {
      const played: string[] = [];
      (window as unknown as { __played: string[] }).__played = played;
      HTMLMediaElement.prototype.play = function play() {
        played.push(this.src);
        return Promise.resolve();
      };
    });

    await partnerLogin(partner, PARTNER_EMAIL);
    await partner.goto('/in/en/travel/rides');
    await expect(partner.getByRole('heading', { name: 'Rides', level: 1 })).toBeVisible();

    // A pickup now, so today's overview counts it.
    await fillTrip(rider, { from: 'Chennai', to: 'Bengaluru', time: 'Now' });
    await pickVehicle(rider, 'Sedan');
    await rider.getByRole('button', { name: 'Book now' }).click();
    await signInInSheet(rider, '98400 33333', 'Lakshmi Iyer');
    const rideId = await confirmation(rider);

    const sheet = partner.getByRole('region', { name: 'New bookings' });
    const card = sheet.getByRole('listitem', { name: `Ride #${rideId}` });
    await expect(card).toBeVisible({ timeout: 15_000 });
    await expect(card).toContainText('Chennai');
    await expect.poll(() => partner.evaluate(() => (window as unknown as { __played: string[] }).__played.length)).toBeGreaterThan(0);
    const sound = await partner.evaluate(() => (window as unknown as { __played: string[] }).__played[0]);
    const served = await partner.request.get(sound);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toContain('audio');

    await card.getByRole('button', { name: 'Accept' }).click();
    const accept = partner.getByRole('dialog', { name: `Accept ride #${rideId}` });
    await accept.getByLabel('Driver').selectOption({ label: 'Karthik Raja' });
    await accept.getByLabel('Vehicle').selectOption({ label: 'TN09 AB4521 · Maruti Suzuki Dzire' });
    await accept.getByRole('button', { name: 'Accept' }).click();
    await expect(card).toBeHidden();

    await rider.goto('/in/en/user/rides');
    const riderCard = rideCard(rider, rideId);
    await expect(riderCard).toContainText('Driver assigned');
    const startCode = (await riderCard
      .getByText(/Start code/)
      .locator('strong')
      .textContent())!.trim();

    // On a desktop the board is a table: the ride is its row.
    const partnerCard = partner.getByRole('row', { name: `Ride #${rideId}`, exact: true });
    await expect(partnerCard).toContainText('Accepted');
    await expect(partnerCard).toContainText('Karthik Raja');
    await partnerCard.getByRole('button', { name: 'Start' }).click();
    const start = partner.getByRole('dialog', { name: `Start ride #${rideId}` });
    await start.getByLabel('Start code').fill(startCode === '0000' ? '1111' : '0000');
    await start.getByRole('button', { name: 'Start the trip' }).click();
    await expect(start.getByRole('alert')).toHaveText('The start code is wrong');
    await start.getByLabel('Start code').fill(startCode);
    await start.getByRole('button', { name: 'Start the trip' }).click();
    await expect(partnerCard).toContainText('On Trip');
    await expect(riderCard).toContainText('On trip');

    await partnerCard.getByRole('button', { name: 'Complete' }).click();
    await partner
      .getByRole('dialog', { name: `Complete ride #${rideId}` })
      .getByRole('button', { name: 'Complete the ride' })
      .click();
    await expect(partnerCard).toContainText('Completed');
    await rider.getByRole('tab', { name: /^Past/ }).click();
    await expect(riderCard).toContainText('Completed');
    await rider.goto('/in/en/user/wallet');
    await expect(rider.getByText('Cashback credited').first()).toBeVisible();

    await partner.getByRole('tab', { name: /^Completed/ }).click();
    await expect(partnerCard).toBeVisible();
    await partner.getByRole('searchbox', { name: 'Search by ride Id' }).fill(rideId);
    await partner.getByRole('button', { name: 'Search' }).click();
    await expect(partner.getByRole('table').locator('tbody tr')).toHaveCount(1);
    const download = partner.waitForEvent('download');
    await partner.getByRole('link', { name: 'Export CSV' }).click();
    const csv = await (await download).path();
    expect(fs.readFileSync(csv, 'utf8')).toContain(`${rideId},completed,oneway,outstation,sedan`);

    await partner.goto('/in/en/travel/home');
    // Today's counters are the operator's whole day (other specs' rides fall on it too just after midnight in India):
    // this ride is among them, and the screen shows what the overview API counts.
    const today = (await (await partner.request.get('/api/partner/overview?filter=today')).json()).data.counts;
    expect(today.completed).toBeGreaterThanOrEqual(1);
    const counter = (name: string) => partner.getByRole('listitem').filter({ has: partner.getByRole('heading', { name, exact: true }) });
    await expect(counter('Completed')).toHaveText(`Completed${today.completed}`);
    await expect(counter('All')).toHaveText(`All${today.all}`);
    const money = (name: string) => partner.getByRole('heading', { name, exact: true }).locator('..');
    await expect(money('Revenue')).toContainText('₹');
    await expect(money('Revenue')).not.toContainText('₹0.00');
    await expect(money('Commission')).not.toContainText('₹0.00');
    await partner.goto('/in/en/travel/wallet');
    await expect(partner.getByText(`Ride #${rideId} completed`)).toBeVisible();
    await expect(partner.getByText(`Platform commission on ride #${rideId}`)).toBeVisible();

    await partnerContext.close();
    await riderContext.close();
  });
});
