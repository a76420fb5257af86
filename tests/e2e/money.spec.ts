import { expect, test, type Locator, type Page } from '@playwright/test';
import { fillTrip, inIndia, pickVehicle, rideCard, signInInSheet } from './support/booking';
import { partnerLogin } from './support/partner';
import { E2E_KEY, payuRequests, type ServiceCall } from './support/payu-stand-in';

/*
 * Issue 32's journey (docs/architecture/money.md): the operator makes a promo
 * code and shares its link; a rider opens the link, books with Card (the
 * discount in the fare), pays at PayU (its stand-in, which signs the success
 * answer), cancels inside the free window and sees the whole payment refunded
 * to the card; another rider pays by card for a trip whose free window has
 * passed, cancels and sees the fee kept and the rest refunded; the console
 * shows both rides with their fee and refund, and the month's reconciliation
 * counts them and still agrees with the ledger.
 */

const PORT = Number(process.env.E2E_PORT ?? 3100);
const ORIGIN = `http://localhost:${PORT}`;
/** PayU's stand-in (tests/e2e/support/payu-stand-in.ts): the e2e server's checkout and postservice. */
const PAYU = `http://127.0.0.1:${Number(process.env.E2E_GATEWAY_PORT ?? 2530)}`;
const CODE = 'MONEY150';

const rupees = (minor: number) => `₹${(minor / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const minorOf = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);

/** A pickup 6 to 7 hours from now on the hour, in India: inside the default outstation rule's 24 hours, past the booking's notice. */
function soonInIndia(): { date: string; time: string } {
  const india = new Date(Date.now() + 330 * 60_000 + 7 * 3_600_000);
  const hour = india.getUTCHours();
  return { date: india.toISOString().slice(0, 10), time: `${hour % 12 || 12}:00 ${hour < 12 ? 'AM' : 'PM'}` };
}

/** The amount of a term of the summary's price breakdown. */
const termAmount = (page: Page, term: string) => page.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');

/** Books the trip chosen on the summary with Card, signs the rider in, pays at the stand-in and answers the ride's number and PayU's id. */
async function payByCard(page: Page, rider: { phone: string; name: string; email: string }, origin: string) {
  await page.getByLabel('Payment method').selectOption({ label: 'Card' });
  await page.getByLabel('E-mail for the card receipt').fill(rider.email);
  await page.getByRole('button', { name: 'Book now' }).click();
  await signInInSheet(page, rider.phone, rider.name, origin);
  await expect(page).toHaveURL(`${PAYU}/_payment`, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Stand-in gateway' })).toBeVisible();
  const charged = minorOf((await page.getByText(/^Amount: /).textContent())!);
  // (what the stand-in posts back: PayU's id of the payment, and the ride it pays)
  const mihpayid = await page.locator('input[name="mihpayid"]').inputValue();
  const rideId = (await page.locator('input[name="productinfo"]').inputValue()).replace('Ride #', '');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(`${origin}/in/en/ride/confirmed?paid=1&rideId=${rideId}`);
  await expect(page.getByText(`Payment received. Ride #${rideId} is paid by card.`)).toBeVisible();
  return { rideId, mihpayid, charged };
}

/** Cancels a ride from My rides (refund to the card, the dialog's default) after checking what the dialog says it costs. */
async function cancelFromMyRides(page: Page, card: Locator, rideId: string, costs: string) {
  await expect(card).toContainText(costs);
  await card.getByRole('button', { name: 'Cancel ride' }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel ride #${rideId}?` });
  await expect(dialog).toContainText(costs);
  await expect(dialog.getByRole('radio', { name: 'My card (a few working days)' })).toBeChecked();
  await dialog.getByLabel('Why are you cancelling?').fill('Plans changed');
  await dialog.getByRole('button', { name: 'Yes, cancel the ride' }).click();
  await expect(page.getByText(`Ride #${rideId} is cancelled. You can find it under Past.`)).toBeVisible();
}

/** My rides' Past tab, reloaded until the card says `text` (the refund job runs on the server after the cancellation). */
async function pastCardSays(page: Page, card: Locator, text: string) {
  await expect(async () => {
    await page.reload();
    await page.getByRole('tab', { name: /^Past/ }).click();
    await expect(card).toContainText(text, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/** The refund requests PayU's stand-in received for one payment. */
const refundCalls = async (mihpayid: string): Promise<ServiceCall[]> =>
  (await payuRequests(PAYU)).service.filter((call) => call.command === 'cancel_refund_transaction' && call.var1 === mihpayid);

/** The Money screen's figures "from the rides" and "from the ledger" of some categories, for a range of pickup dates. */
async function reconciliation(page: Page, from: string, to: string) {
  await page.goto('/in/en/travel/money');
  await page.getByLabel('Date', { exact: true }).selectOption({ label: 'Custom Date' });
  const range = page.getByRole('form', { name: 'Custom Date' });
  await range.getByLabel('From').fill(from);
  await range.getByLabel('To').fill(to);
  await range.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', `/api/partner/money/export?from=${from}&to=${to}`);
  await expect(page.getByText(/^Reconciles: |^\d+ differences?$/)).toBeVisible();
  const figures: Record<string, { rides: number; ledger: number }> = {};
  for (const category of ['Cancellation fees', 'Refunds requested', 'Refunds paid', 'Refunds not yet paid']) {
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: category, exact: true }) });
    const cells = row.getByRole('cell');
    figures[category] = { rides: minorOf((await cells.nth(0).textContent())!), ledger: minorOf((await cells.nth(1).textContent())!) };
  }
  return figures;
}

test('a promo link, a card payment refunded after a free cancellation, a late one keeping its fee: the riders, the console and the reconciliation agree', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const partner = await (await browser.newContext({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false })).newPage();
  await partnerLogin(partner, 'hello@meridiancabs.example');

  // The operator makes a code of ₹150 off and copies its share link.
  await partner.goto('/in/en/travel/promos');
  await partner.getByRole('button', { name: 'New code' }).click();
  await partner.getByLabel('Code (3 to 20 letters, digits, - or _)').fill(CODE);
  await partner.getByLabel('Discount type').selectOption({ label: 'Fixed amount' });
  await partner.getByLabel('Discount (percent or amount)').fill('150');
  await partner.getByRole('button', { name: 'Save code' }).click();
  const promo = partner.getByRole('listitem').filter({ has: partner.getByRole('heading', { name: `${CODE} Active` }) });
  await expect(promo).toContainText('₹150.00 off');
  await expect(promo).toContainText('Uses: 0; discount given: ₹0.00');
  const link = (await promo.locator('code').textContent())!;
  expect(link).toMatch(new RegExp(`^http://demo\\.localhost:${PORT}/user/home\\?promo=${CODE}$`));
  const site = new URL(link).origin;

  // The month of the two pickups (stretched to the first ride's day when it falls in the next month), before the rides.
  const soon = soonInIndia();
  const later = inIndia(3);
  const from = `${soon.date.slice(0, 7)}-01`;
  const monthEnd = new Date(Date.UTC(Number(soon.date.slice(0, 4)), Number(soon.date.slice(5, 7)), 0)).toISOString().slice(0, 10);
  const to = later > monthEnd ? later : monthEnd;
  const before = await reconciliation(partner, from, to);

  // Rider 1 opens the link on the operator's site and books three days ahead: the code is applied to the fare.
  const riderContext = await browser.newContext({ baseURL: site });
  const rider = await riderContext.newPage();
  await rider.goto(link);
  await expect(rider).toHaveURL(new RegExp(`^${site}/in/en/user/home\\?promo=${CODE}$`));
  // the page keeps the link's code for the tab once its scripts run; fillTrip opens the form afresh (without
  // ?promo), so wait for that first, as a rider's next page would come after it
  await expect.poll(() => rider.evaluate(() => sessionStorage.getItem('ride_promo'))).toContain(CODE);
  await fillTrip(rider, { from: 'Chennai', to: 'Bengaluru', time: '8:00 PM', date: later });
  await pickVehicle(rider, 'Sedan');
  await expect(rider.getByText(`${CODE} applied`)).toBeVisible();
  await expect(termAmount(rider, `Promo ${CODE}`)).toHaveText(/^[-−]₹150\.00$/);
  const total1 = minorOf((await termAmount(rider, 'Total').textContent())!);
  await expect(rider.getByText(/^Free cancellation until .+\. After that, cancelling costs ₹/)).toBeVisible();
  const paid1 = await payByCard(rider, { phone: '98400 61001', name: 'Nila Varghese', email: 'nila.varghese@mail.example' }, site);
  expect(paid1.charged).toBe(total1);

  // Inside the free window: no fee, the whole payment back to the card, asked of PayU once.
  await rider.goto('/in/en/user/rides');
  const card1 = rideCard(rider, paid1.rideId);
  await cancelFromMyRides(rider, card1, paid1.rideId, 'Free to cancel until');
  await pastCardSays(rider, card1, `${rupees(total1)} refunded to your card.`);
  await expect(card1).toContainText('No cancellation fee.');
  const refunds1 = await refundCalls(paid1.mihpayid);
  expect(refunds1).toHaveLength(1);
  expect(refunds1[0]).toMatchObject({ key: E2E_KEY, keyKnown: 'yes', hashOk: 'yes', var3: (total1 / 100).toFixed(2) });
  expect(refunds1[0].var2).toMatch(/^R[0-9a-f]{22}$/);

  // Rider 2 books by card a trip 6 to 7 hours away: the outstation rule's free 24 hours have passed already.
  const rider2 = await (await browser.newContext()).newPage();
  await fillTrip(rider2, { from: 'Chennai', to: 'Bengaluru', time: soon.time, date: soon.date });
  await pickVehicle(rider2, 'Sedan');
  const total2 = minorOf((await termAmount(rider2, 'Total').textContent())!);
  const late = rider2.getByText(/^The free cancellation time has passed: cancelling costs ₹[\d,.]+\./);
  await expect(late).toBeVisible();
  const fee = minorOf(/costs (₹[\d,.]+)\./.exec((await late.textContent())!)![1]);
  expect(fee).toBe(Math.round(total2 / 10));
  const paid2 = await payByCard(rider2, { phone: '98400 61002', name: 'Imran Qureshi', email: 'imran.qureshi@mail.example' }, ORIGIN);
  expect(paid2.charged).toBe(total2);

  await rider2.goto('/in/en/user/rides');
  const card2 = rideCard(rider2, paid2.rideId);
  await cancelFromMyRides(rider2, card2, paid2.rideId, `Cancelling now costs ${rupees(fee)}.`);
  await pastCardSays(rider2, card2, `${rupees(total2 - fee)} refunded to your card.`);
  await expect(card2).toContainText(`Cancellation fee kept: ${rupees(fee)}.`);
  const refunds2 = await refundCalls(paid2.mihpayid);
  expect(refunds2).toHaveLength(1);
  expect(refunds2[0]).toMatchObject({ key: E2E_KEY, keyKnown: 'yes', hashOk: 'yes', var3: ((total2 - fee) / 100).toFixed(2) });
  expect(await refundCalls(paid1.mihpayid)).toHaveLength(1);

  // The console's board (its table on a wide screen) shows both cancelled rides with their fee and refund.
  await partner.goto('/in/en/travel/rides');
  await partner.getByLabel('From', { exact: true }).fill(soon.date < later ? soon.date : later);
  await partner.getByLabel('To', { exact: true }).fill(later);
  await partner.getByRole('button', { name: 'Show', exact: true }).click();
  await partner.getByRole('tab', { name: /^Cancelled/ }).click();
  const row1 = partner.getByRole('row', { name: `Ride #${paid1.rideId}`, exact: true });
  const row2 = partner.getByRole('row', { name: `Ride #${paid2.rideId}`, exact: true });
  await expect(row1).toContainText('No cancellation fee.');
  await expect(row1).toContainText(`${rupees(total1)} refunded to the card. Reason: Ride cancelled`);
  await expect(row2).toContainText(`Cancellation fee kept: ${rupees(fee)}.`);
  await expect(row2).toContainText(`${rupees(total2 - fee)} refunded to the card. Reason: Ride cancelled, less the cancellation fee`);

  // The code's use was given back with the cancellation.
  await partner.goto('/in/en/travel/promos');
  await expect(promo).toContainText('Uses: 0; discount given: ₹0.00');

  // The month's reconciliation counts the fee and both refunds, paid, and the rides still agree with the ledger.
  const after = await reconciliation(partner, from, to);
  await expect(partner.getByText('Reconciles: the rides and the ledger agree.')).toBeVisible();
  const grew = (category: string) => ({
    rides: after[category].rides - before[category].rides,
    ledger: after[category].ledger - before[category].ledger,
  });
  expect(grew('Cancellation fees')).toEqual({ rides: fee, ledger: fee });
  expect(grew('Refunds requested')).toEqual({ rides: total1 + total2 - fee, ledger: total1 + total2 - fee });
  expect(grew('Refunds paid')).toEqual({ rides: total1 + total2 - fee, ledger: total1 + total2 - fee });
  expect(grew('Refunds not yet paid')).toEqual({ rides: 0, ledger: 0 });
});
