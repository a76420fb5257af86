import { expect, test, type APIRequestContext } from '@playwright/test';
import { partnerLogin } from './support/partner';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const ORIGIN = `http://localhost:${PORT}`;

/** A 48 x 32 teal PNG (the cover the blog spec uploads). */
const COVER_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAgCAIAAADbtmxLAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAASUlEQVRYhe2WwQkAQAzCukE29en8N0aPEugAIho7NF/drCtAQdGhmiFsWdbxg2CMDtUMYcuyDiF80KJDNUPYssihCMY6HRwe1wf+U7JMNaUlzgAAAABJRU5ErkJggg==',
  'base64',
);
/** Each post its own text: the crawl and similarity specs (seo, similarity) read these posts too, and near-copies fail them. */
const BODIES = [
  'Chennai airport pickups start at the arrivals hall: the driver holds a board with your name and helps with the bags to the car park.',
  'Night trains reach Madurai before dawn, so a cab booked the evening before waits outside the station with the fare already fixed.',
  'Families heading to Pondicherry for the weekend often pick an SUV: seven seats, room for a pram, and a stop for breakfast on the way.',
  'Hill roads to Ooty take longer than the map says; drivers who know the ghat sections plan a tea break at Mettupalayam before the climb.',
  'Business travellers in Bengaluru book hourly rentals for a day of meetings across Whitefield, Koramangala and the city centre.',
  'Temple visits around Thanjavur fit in one day when the cab waits at each stop and the route is planned around the opening hours.',
];
let published = 0;

/** Publishes a post as the signed-in operator (the console's Create Blog calls the same routes). */
async function publish(request: APIRequestContext, post: { title: string; slug: string; language?: string }) {
  const description = `<p>${BODIES[published++ % BODIES.length]}</p>`;
  const upload = await request.post('/api/blog/images', {
    headers: { origin: ORIGIN },
    multipart: { file: { name: 'cover.png', mimeType: 'image/png', buffer: COVER_PNG } },
  });
  expect(upload.status()).toBe(201);
  const cover = (await upload.json()).data as { image: string; imageWebp: string };
  const answer = await request.post('/api/blog', {
    headers: { origin: ORIGIN },
    data: { ...post, keywords: 'taxi, airport', description, ...cover },
  });
  expect(answer.status(), await answer.text()).toBe(201);
}

// Issue 37, the specification's rows: the rider home's three blog cards and the link to the blog
// (docs/requirements/rider.md#the-rider-home-and-its-popups), on a phone (Pixel 7) in English.
test("the rider home shows the operator's three newest posts in its language as cards, at the next view after publishing", async ({ page, browser }) => {
  const console = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await partnerLogin(console, 'hello@meridiancabs.example');
  const stamp = Date.now().toString(36);
  const titles = [1, 2, 3, 4].map((n) => `Home card ${n} ${stamp}`);
  for (const [n, title] of titles.entries()) await publish(console.request, { title, slug: `home-card-${n + 1}-${stamp}` });
  await publish(console.request, { title: `தமிழ் பதிவு ${stamp}`, slug: `home-card-ta-${stamp}`, language: 'ta' });

  await page.goto('/in/en/user/home');
  const section = page.getByRole('region', { name: 'From our blog' });
  await expect(section.getByRole('heading', { level: 2, name: 'From our blog' })).toBeVisible();
  const cards = section.getByRole('listitem');
  await expect(cards).toHaveCount(3);
  // newest first: the fourth, third and second post; the first and the Tamil one are not here
  await expect(section.getByRole('heading', { level: 3 })).toHaveText([titles[3], titles[2], titles[1]]);
  await expect(section.getByText(titles[0])).toHaveCount(0);
  await expect(section.getByText(`தமிழ் பதிவு ${stamp}`)).toHaveCount(0);

  const first = cards.first();
  await expect(first.getByRole('link', { name: titles[3] })).toHaveAttribute('href', `/in/en/blog/home-card-4-${stamp}`);
  const cover = first.getByRole('img', { name: `Cover image for ${titles[3]}` });
  await expect(cover).toHaveAttribute('width', '48');
  await expect(cover).toHaveAttribute('height', '32');
  // the date as Indian English writes it ("2 Dec 2026")
  await expect(first.locator('time')).toHaveText(/^\d{1,2} \w{3} \d{4}$/);
  await expect(first.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);

  // the link to the blog, and each card opens its post
  await expect(section.getByRole('link', { name: 'All blog posts' })).toHaveAttribute('href', '/in/en/blogs');
  await first.getByRole('link', { name: titles[3] }).click();
  await expect(page).toHaveURL(new RegExp(`/in/en/blog/home-card-4-${stamp}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(titles[3]);

  // the cards fit the phone's width: no sideways scroll on the home
  await page.goto('/in/en/user/home');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  // the Tamil home shows the Tamil post, not the English ones
  await page.goto('/in/ta/user/home');
  const tamil = page.getByRole('region', { name: 'எங்கள் வலைப்பதிவிலிருந்து' });
  await expect(tamil.getByRole('heading', { level: 3 }).first()).toHaveText(`தமிழ் பதிவு ${stamp}`);
  await expect(tamil.getByText(titles[3])).toHaveCount(0);
  await expect(tamil.getByRole('link', { name: 'வலைப்பதிவின் எல்லா இடுகைகளும்' })).toHaveAttribute('href', '/in/ta/blogs');

  // a fifth English post is a card at the next view (publishing refreshed the cached home)
  const fifth = `Home card 5 ${stamp}`;
  await publish(console.request, { title: fifth, slug: `home-card-5-${stamp}` });
  await page.goto('/in/en/user/home');
  await expect(page.getByRole('region', { name: 'From our blog' }).getByRole('heading', { level: 3 }).first()).toHaveText(fifth);
  await console.context().close();
});

test('the rider home has no blog section in a language without posts', async ({ page }) => {
  await page.goto('/in/hi/user/home');
  await expect(page.locator('#home-blog')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'ब्लॉग की सभी पोस्ट' })).toHaveCount(0);
});
