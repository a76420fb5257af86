import { expect, test, type APIRequestContext } from '@playwright/test';
import en from '../../messages/en.json';
import { confirmation, pickVehicle, signInInSheet, tomorrowInIndia } from './support/booking';

/*
 * The demo operator's airport, transfer and locality pages, as a crawler and a rider meet them: they answer
 * 200 in English, Tamil and Hindi, are in the sitemap, show the fares POST /api/rides/quote answers for the
 * trip their Book links hand the form, and bad addresses end at one canonical URL or a 404, never a 500.
 */

const PORT = Number(process.env.E2E_PORT ?? 3100);
const LOOPBACK = `http://localhost:${PORT}`;

const VEHICLE_OF = Object.fromEntries(Object.entries(en.VehicleTypes).map(([type, label]) => [label, type]));
const minor = (money: string) => Math.round(Number(money.replace(/[^\d.]/g, '')) * 100);
const decode = (text: string) =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"');

/** Tomorrow at a local hour in Asia/Kolkata, as the booking form sends it. */
const tomorrowAt = (hour: string) => `${tomorrowInIndia()}T${hour}:00+05:30`;

async function html(request: APIRequestContext, path: string): Promise<string> {
  const response = await request.get(`${LOOPBACK}${path}`, { maxRedirects: 0 });
  expect(response.status(), path).toBe(200);
  return response.text();
}

/** The trip a booking link hands the form (from, to, kind), as the quote's body. */
function tripOf(href: string) {
  const q = new URL(decode(href), LOOPBACK).searchParams;
  const place = (key: 'from' | 'to') => ({ name: q.get(key)!, lat: Number(q.get(`${key}Lat`)), lng: Number(q.get(`${key}Lng`)) });
  return { rideType: 'oneway', tripKind: q.get('kind'), pickupLocation: place('from'), dropoffLocation: place('to'), pickupTime: tomorrowAt('10:00') };
}

/** Each vehicle's total per the quote API, in minor units. */
async function quotedTotals(request: APIRequestContext, trip: ReturnType<typeof tripOf>): Promise<Record<string, number>> {
  const response = await request.post(`${LOOPBACK}/api/rides/quote`, { data: trip, headers: { origin: LOOPBACK } });
  expect(response.status(), JSON.stringify(trip)).toBe(200);
  const { data } = (await response.json()) as { data: { ride_details: { vehicle: { vehicle_type: string }; fee: { total_fee: number } }[] } };
  return Object.fromEntries(data.ride_details.map((d) => [d.vehicle.vehicle_type, Math.round(d.fee.total_fee * 100)]));
}

/** The first fare table of a page: each vehicle's daytime total (the bold Total cell). */
function tableTotals(page: string): Record<string, number> {
  const table = /<table\b[\s\S]*?<\/table>/.exec(page)![0];
  const rows = [...table.matchAll(/<tr>\s*<th scope="row">([^<]+)<\/th>[\s\S]*?<strong>([^<]+)<\/strong>/g)];
  return Object.fromEntries(rows.map((row) => [VEHICLE_OF[decode(row[1])], minor(row[2])]));
}

/** Booking links of a page (the prefilled form). */
const bookLinks = (page: string) => [...page.matchAll(/href="(\/in\/[a-z]{2}\/user\/form\/taxi\/booking\?[^"]+)"/g)].map((m) => m[1]);

test.describe('airport, transfer and locality pages', () => {
  test('MAA, ten transfers from it and two localities answer 200 with the quote’s fares, are in the sitemap, and MAA reads in Tamil and Hindi', async ({
    request,
  }) => {
    test.setTimeout(180_000);
    const airport = await html(request, '/in/en/airport/maa');
    expect(airport).toContain('Chennai International Airport (MAA) taxi');
    const airportTrip = tripOf(bookLinks(airport)[0]);
    expect(airportTrip.tripKind).toBe('airport');
    expect(tableTotals(airport)).toEqual(await quotedTotals(request, airportTrip));

    const transfers = [...new Set([...airport.matchAll(/href="\/in\/en\/airport\/maa\/([^"/]+)"/g)].map((m) => m[1]))];
    expect(transfers).toEqual(expect.arrayContaining(['t-nagar', 'velachery', 'mamallapuram', 'pondicherry']));
    expect(transfers.length).toBeGreaterThanOrEqual(10);
    const ten = [
      't-nagar',
      'velachery',
      'mamallapuram',
      'pondicherry',
      ...transfers.filter((s) => !['t-nagar', 'velachery', 'mamallapuram', 'pondicherry'].includes(s)),
    ].slice(0, 10);
    for (const slug of ten) {
      const page = await html(request, `/in/en/airport/maa/${slug}`);
      const [there, back] = bookLinks(page).map(tripOf);
      expect(tableTotals(page), slug).toEqual(await quotedTotals(request, there));
      // one table when both ways price alike (the estimate), else the second is the way back
      expect(await quotedTotals(request, back), slug).toEqual(await quotedTotals(request, there));
    }
    const pondicherry = tripOf(bookLinks(await html(request, '/in/en/airport/maa/pondicherry'))[0]);
    expect(pondicherry.tripKind).toBe('outstation');

    for (const path of ['/in/en/place/chennai/t-nagar', '/in/en/place/chennai/velachery']) {
      const page = await html(request, path);
      const rows = [...page.matchAll(/<tr>\s*<th scope="row"><a href="([^"]+)"[\s\S]*?<\/tr>/g)];
      expect(rows.length, path).toBeGreaterThanOrEqual(2);
      const vehicles = [.../<thead>([\s\S]*?)<\/thead>/.exec(page)![1].matchAll(/<th scope="col">([^<]+)<\/th>/g)]
        .map((m) => VEHICLE_OF[decode(m[1])])
        .filter(Boolean);
      for (const [row, href] of rows.map((m) => [m[0], m[1]] as const)) {
        const cells = [...row.matchAll(/<td data-label="[^"]*">([^<]+)<\/td>/g)].map((m) => m[1]).slice(2);
        const quoted = await quotedTotals(request, tripOf(href));
        expect(Object.fromEntries(vehicles.map((v, i) => [v, minor(cells[i])])), `${path} ${href}`).toEqual(quoted);
      }
    }

    const tamil = await html(request, '/in/ta/airport/maa');
    expect(tamil).toContain('சென்னை விமான நிலையம் (MAA)');
    expect(tamil).toMatch(/<html lang="ta"/);
    const hindi = await html(request, '/in/hi/airport/maa');
    expect(hindi).toContain('चेन्नई हवाई अड्डा (MAA)');

    const index = await (await request.get(`${LOOPBACK}/sitemap.xml`)).text();
    const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    const listed = new Set<string>();
    for (const file of files)
      for (const m of (await (await request.get(`${LOOPBACK}${file}`)).text()).matchAll(/<loc>([^<]+)<\/loc>/g)) listed.add(new URL(m[1]).pathname);
    for (const path of [
      '/in/en/airport/maa',
      '/in/ta/airport/maa',
      '/in/hi/airport/maa',
      ...ten.map((s) => `/in/en/airport/maa/${s}`),
      '/in/en/place/chennai/velachery',
    ])
      expect(listed.has(path), path).toBe(true);
  });

  test('addresses written otherwise end at the canonical page; places outside the limits and unknown ones are a 404 with links, never a 500', async ({
    request,
  }) => {
    const moved: [string, string][] = [
      ['/in/en/airport/MAA', '/in/en/airport/maa'],
      ['/in/en/airport/Maa/T-Nagar', '/in/en/airport/maa/t-nagar'],
      ['/in/en/airport/t-nagar/maa', '/in/en/airport/maa/t-nagar'],
      ['/in/en/airport/maa/mahabalipuram', '/in/en/airport/maa/mamallapuram'],
      [`/in/ta/place/chennai/${encodeURIComponent('வேளச்சேரி')}`, '/in/ta/place/chennai/velachery'],
      ['/in/en/place/Chennai/Velachery', '/in/en/place/chennai/velachery'],
      ['/in/en/airport/maa/t-nagar/', '/in/en/airport/maa/t-nagar'],
    ];
    for (const [path, target] of moved) {
      const response = await request.get(`${LOOPBACK}${path}`, { maxRedirects: 0 });
      expect([response.status(), new URL(response.headers().location ?? '/', LOOPBACK).pathname], path).toEqual([308, target]);
    }
    for (const path of [
      '/in/en/airport/xyz',
      '/in/en/airport/del',
      '/in/en/airport/maa/mumbai',
      '/in/en/place/chennai/vellore',
      '/in/en/place/chennai/koramangala',
      '/in/en/place/chennai/no-such-locality',
    ]) {
      const response = await request.get(`${LOOPBACK}${path}`, { maxRedirects: 0 });
      expect(response.status(), path).toBe(404);
      const body = await response.text();
      expect(body, path).toContain(en.NotFound.title);
      expect(body, path).toContain('href="/in/en/service/places"');
    }
    // a path that is not valid percent-encoding is no address at all: the front door's short 400, never a 500
    expect((await request.get(`${LOOPBACK}/in/en/airport/maa/%E0%A4%A`, { maxRedirects: 0 })).status()).toBe(400);
  });

  test('a rider books the transfer a page shows: MAA to T Nagar, the form filled by the page, the fare the page said', async ({ page, request }) => {
    const transfer = await html(request, '/in/en/airport/maa/t-nagar');
    const sedan = tableTotals(transfer).sedan;
    await page.goto('/in/en/airport/maa/t-nagar');
    await page.getByRole('link', { name: 'Book Chennai International Airport (MAA) to T Nagar' }).click();
    await expect(page).toHaveURL(/\/in\/en\/user\/form\/taxi\/booking\?/);
    const form = page.getByRole('form', { name: 'Book Taxi' });
    await expect(form.getByRole('radio', { name: 'Airport', exact: true })).toBeChecked();
    await expect(form.getByRole('combobox', { name: 'Pickup location' })).toHaveValue('Chennai International Airport (MAA)');
    await expect(form.getByRole('combobox', { name: 'Drop-off location' })).toHaveValue('T Nagar');
    // an arrival asks for the flight the driver follows
    await form.getByRole('textbox', { name: 'Flight number' }).fill('AI 302');
    await form.getByLabel('Pickup date').fill(tomorrowInIndia());
    await form.getByLabel('Pickup time').selectOption({ label: '10:00 AM' });
    await form.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/in\/en\/ride\/vehicles$/);
    // the vehicle step quotes what the page said
    const price = `₹${(sedan / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`;
    await expect(page.locator('label').filter({ has: page.getByRole('radio', { name: /Sedan/ }) })).toContainText(price);
    await pickVehicle(page, 'Sedan');
    await page.getByRole('button', { name: 'Book now' }).click();
    await signInInSheet(page, '98400 22290', 'Meena Iyer');
    const rideId = await confirmation(page);
    expect(rideId).toMatch(/^\d+$/);
  });
});
