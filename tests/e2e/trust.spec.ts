import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { partnerLogin, showBoardDay } from './support/partner';
import { codeFromOutbox } from './support/codes';
import { confirmation, fillTrip, pickVehicle, rideCard, tomorrowInIndia } from './support/booking';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const ORIGIN = `http://localhost:${PORT}`;
const PARTNER_EMAIL = 'hello@meridiancabs.example';
const PASSENGER_PHONE = '+919876543210';
const COMMENT = 'Spotless car and a careful driver';

/** The newest message held in the outbox for `to` whose text matches `pattern`. */
async function outboxText(page: Page, to: string, pattern: RegExp): Promise<string> {
  let text = '';
  await expect
    .poll(
      async () => {
        const json = (await (await page.request.get(`${ORIGIN}/api/dev/outbox?to=${encodeURIComponent(to)}`)).json()) as { data?: { body: string }[] };
        text = json.data?.find((m) => pattern.test(m.body))?.body ?? '';
        return text;
      },
      { timeout: 15_000 },
    )
    .toMatch(pattern);
  return text;
}

/** Signs the rider in with the sheet Book now opens (scoped: the passenger's phone field is on the page too). */
async function signInInCashbackSheet(page: Page, phone: string, name: string) {
  const sheet = page.getByRole('region', { name: /^Get .* cashback on this ride$/ });
  await sheet.getByLabel('Your name').fill(name);
  await sheet.getByLabel('Phone number', { exact: true }).fill(phone);
  await sheet.getByRole('button', { name: 'Continue' }).click();
  const code = await codeFromOutbox(page.request, ORIGIN, `+91${phone.replace(/\s/g, '')}`);
  await page.getByRole('dialog', { name: 'Enter the code' }).getByLabel('6-digit code').fill(code);
}

test('a rider books for a passenger, who gets the driver and code; the ride starts with it; the rider downloads the invoice and rates; the approved comment and the new average reach the site', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const partnerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const riderContext = await browser.newContext({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true, acceptDownloads: true });
  const partner = await partnerContext.newPage();
  const rider = await riderContext.newPage();

  // Book for someone else: the passenger's name and phone on the summary
  await fillTrip(rider, { from: 'Chennai', to: 'Bengaluru', time: '8:00 PM' });
  await pickVehicle(rider, 'Sedan');
  await rider.getByRole('checkbox', { name: 'This ride is for someone else' }).check();
  await rider.getByLabel("Passenger's name").fill('Meena Raman');
  const passengerPhone = rider.getByRole('group', { name: "Passenger's phone" }).getByLabel('Phone number', { exact: true });
  await passengerPhone.click();
  await expect(passengerPhone).toBeEditable();
  await passengerPhone.fill('98765 43210');
  await rider.getByRole('button', { name: 'Book now' }).click();
  await signInInCashbackSheet(rider, '98400 55555', 'Asha Menon');
  const rideId = await confirmation(rider);

  // The booker keeps the ride in their account and sees its status
  await rider.goto('/in/en/user/rides');
  const card = rideCard(rider, rideId);
  await expect(card).toContainText('Passenger: Meena Raman');
  await expect(card).toContainText('Booked');

  // The operator accepts with a driver and vehicle
  await partnerLogin(partner, PARTNER_EMAIL);
  await partner.goto('/in/en/travel/rides');
  await showBoardDay(partner, tomorrowInIndia());
  const partnerCard = partner.getByRole('row', { name: `Ride #${rideId}`, exact: true });
  await expect(partnerCard).toContainText('Meena Raman');
  await partnerCard.getByRole('button', { name: 'Accept' }).click();
  const accept = partner.getByRole('dialog', { name: `Accept ride #${rideId}` });
  await accept.getByLabel('Driver').selectOption({ label: 'Karthik Raja' });
  await accept.getByLabel('Vehicle').selectOption({ label: 'TN09 AB4521 · Maruti Suzuki Dzire' });
  await accept.getByRole('button', { name: 'Accept' }).click();
  await expect(partnerCard).toContainText('Accepted');

  // The passenger's phone receives the driver's details, the start code and the tracking link
  const sms = await outboxText(rider, PASSENGER_PHONE, new RegExp(`ride ${rideId} is Karthik Raja`));
  for (const part of ['Maruti Suzuki Dzire', 'TN09 AB4521', '/track/driver?rideId=']) expect(sms).toContain(part);
  const startCode = /Start code: (\d{4})/.exec(sms)![1];
  await expect(card).toContainText('Driver assigned');
  await expect(card.getByText(/Start code/).locator('strong')).toHaveText(startCode);

  // The ride starts with the passenger's code and completes
  await partnerCard.getByRole('button', { name: 'Start' }).click();
  const start = partner.getByRole('dialog', { name: `Start ride #${rideId}` });
  await start.getByLabel('Start code').fill(startCode);
  await start.getByRole('button', { name: 'Start the trip' }).click();
  await expect(partnerCard).toContainText('On Trip');
  await partnerCard.getByRole('button', { name: 'Complete' }).click();
  await partner
    .getByRole('dialog', { name: `Complete ride #${rideId}` })
    .getByRole('button', { name: 'Complete the ride' })
    .click();
  await expect(partnerCard).toContainText('Completed');

  // The rider downloads the invoice PDF from My rides
  await rider.getByRole('tab', { name: /^Past/ }).click();
  await expect(card).toContainText('Completed');
  const [download] = await Promise.all([rider.waitForEvent('download'), card.getByRole('link', { name: 'Download invoice' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^INV-\d{6}\.pdf$/);
  const pdf = fs.readFileSync((await download.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  // the console offers the same invoice
  await expect(partnerCard.getByRole('link', { name: 'Download invoice' })).toBeVisible();

  // ...and rates the trip with a comment
  await card.getByRole('button', { name: '5 stars' }).click();
  await card.getByLabel('Comment (optional)').fill(COMMENT);
  await card.getByRole('button', { name: 'Send rating' }).click();
  await expect(card).toContainText('You rated this trip 5 of 5');

  // Nothing of it on the site before the operator approves the comment
  const site = await riderContext.newPage();
  await site.goto('/in/en/place/chennai');
  await expect(site.getByTestId('site-rating')).toHaveText('Rated 5.0 of 5 by 1 rider');
  await expect(site.getByText(COMMENT)).toHaveCount(0);

  // The operator approves the comment in Reviews
  await partner.goto('/in/en/travel/reviews');
  await expect(partner.getByRole('heading', { name: 'Reviews', level: 1 })).toBeVisible();
  await expect(partner.getByTestId('reviews-overall')).toContainText('5.0 of 5 from 1 rating');
  const review = partner.getByRole('listitem', { name: `Ride ${rideId}` });
  await expect(review).toContainText(COMMENT);
  await expect(review).toContainText('Waiting for approval');
  await review.getByRole('button', { name: 'Approve' }).click();
  await expect(review).toContainText('Shown on the site');

  // The site shows the new average and the comment; its structured data carries no rating of its own business
  // (Google's review-snippet rules: ratings a business shows about itself are self-serving)
  // (the cached page is purged and rendered afresh in the background: a reload or two later it shows the comment)
  await expect(async () => {
    await site.reload();
    await expect(site.getByText(COMMENT)).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(site.getByTestId('site-rating')).toHaveText('Rated 5.0 of 5 by 1 rider');
  const jsonLd = (await site.locator('script[type="application/ld+json"]').allTextContents()).join('\n');
  expect(jsonLd).toContain('"LocalBusiness"');
  expect(jsonLd).not.toContain('AggregateRating');

  await partnerContext.close();
  await riderContext.close();
});
