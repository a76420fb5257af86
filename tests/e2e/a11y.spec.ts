import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import en from '../../messages/en.json';
import ar from '../../messages/ar.json';
import { codeFromOutbox } from './support/codes';
import { fillTrip, pickVehicle, rideCard, signInInSheet } from './support/booking';
import { partnerLogin } from './support/partner';

/*
 * Accessibility gate (issue 9): axe finds no serious or critical violation of WCAG 2.1 A/AA
 * (and axe's best practices) on any page type, reached as a real user reaches it, in English
 * and in Arabic right to left. Each test collects the findings of every page it visits and
 * makes one assertion at the end, so the report names every page, rule and element at once.
 */

const PORT = Number(process.env.E2E_PORT ?? 3100);
const ORIGIN = `http://localhost:${PORT}`;
/** The platform's own host: its landing and the operator signup live there, not on an operator's site. */
const PLATFORM = `http://platform.localhost:${PORT}`;
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
/** A console login of the demo operator seeded for this spec only (no other spec waits on its code). */
const PARTNER_EMAIL = 'access@meridiancabs.example';
/** The demo's second driver, so the driver-tracking spec's driver is not held by the resend wait. */
const DRIVER = { name: 'Suresh Kumar', phone: '98765 00012', e164: '+919876500012', vehicle: 'KA05 MN7788 · Toyota Innova Crysta' };
const RIDER_PHONE = '98400 44404';

type Messages = typeof en;
type Market = { prefix: string; lang: string; dir: 'ltr' | 'rtl'; m: Messages };
const EN: Market = { prefix: '/in/en', lang: 'en', dir: 'ltr', m: en };
const AR: Market = { prefix: '/ae/ar', lang: 'ar', dir: 'rtl', m: ar as Messages };
const MARKETS = [EN, AR];

/** The UAE operator of the e2e seed: an Indian operator cannot write in Arabic, so its Arabic blog is acme's. */
const ACME = { origin: `http://acme.localhost:${PORT}`, email: 'ops@acme-rides.example' };
type Post = { origin: string; language: string; slug: string; title: string; body: string };

const PHONE = { viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false };

/** Runs axe on what the page shows now and keeps its serious and critical findings, with the page's lang and dir. */
class Audit {
  readonly findings: string[] = [];
  private scanned = 0;

  async scan(page: Page, what: string, market: Market): Promise<void> {
    const label = `${what} [${market.lang}]`;
    const html = await page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));
    if (html.lang !== market.lang || html.dir !== market.dir) {
      this.findings.push(`${label}: <html lang="${html.lang}" dir="${html.dir}">, expected lang="${market.lang}" dir="${market.dir}"`);
    }
    // Entrance animations (the offer card fades in after a moment) are let finish: mid-fade text
    // has a blended colour, and how far a fade has got depends on how fast the page loaded.
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, { timeout: 5_000 }).catch(() => {});
    // Only violations are collected: the passing and inapplicable nodes would cost time for nothing.
    const { violations } = await new AxeBuilder({ page })
      .withTags(TAGS)
      .options({ resultTypes: ['violations'] })
      .analyze();
    for (const violation of violations) {
      if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
      const targets = violation.nodes.map((node) => `      ${node.target.join(' >>> ')}`).join('\n');
      this.findings.push(`${label} (${new URL(page.url()).pathname}): ${violation.id} [${violation.impact}] ${violation.help}\n${targets}`);
    }
    this.scanned += 1;
  }

  /** Opens `path` under the market's prefix, waits for `ready` (the page's main heading by default), then scans. */
  async visit(page: Page, label: string, market: Market, path: string, ready?: (page: Page) => Locator, origin = ''): Promise<void> {
    await page.goto(`${origin}${market.prefix}${path}`);
    await (ready ? ready(page) : page.getByRole('heading', { level: 1 }).first()).waitFor({ timeout: 15_000 });
    await this.scan(page, label, market);
  }

  report(): string {
    return `${this.findings.length} serious or critical accessibility problems on ${this.scanned} page states:\n${[...this.findings].sort().join('\n')}`;
  }
}

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

async function driverLogin(page: Page) {
  await page.goto('/in/en/driver/home');
  await page.getByLabel('Phone number', { exact: true }).fill(DRIVER.phone);
  await page.getByRole('button', { name: 'Continue' }).click();
  const code = await codeFromOutbox(page.request, ORIGIN, DRIVER.e164);
  await dialog(page, 'Enter the code').getByLabel('6-digit code').fill(code);
  await expect(page.getByRole('heading', { name: 'Your current rides' })).toBeVisible();
}

/** Publishes a post through the console's API from a console page of its operator (the create form itself is scanned). */
async function publishPost(page: Page, post: Post) {
  const data = {
    title: post.title,
    slug: post.slug,
    language: post.language,
    keywords: post.title,
    image: 'https://images.example/cover.png',
    description: `<h2>${post.title}</h2><p>${post.body}</p>`,
  };
  const answer = await page.evaluate(async (body) => {
    const response = await fetch('/api/blog', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return `${response.status} ${await response.text()}`;
  }, data);
  expect(answer).toMatch(/^201 /);
}

/** The pages anyone can open, in one market; the sign-in sheet and the chat's sign-in opened on the way. */
async function signedOutTour(page: Page, market: Market, audit: Audit) {
  const { m } = market;
  await audit.visit(page, 'landing', market, '', undefined, PLATFORM);
  await audit.visit(page, 'rider home', market, '/user/home');
  await page.getByRole('button', { name: m.Auth.signIn, exact: true }).click();
  await expect(dialog(page, m.RiderLogin.title)).toBeVisible();
  await audit.scan(page, 'sign-in sheet open', market);
  await audit.visit(page, 'booking form', market, '/user/form/taxi/booking', (p) => p.getByRole('form', { name: m.Booking.title }));
  await page.getByRole('combobox', { name: m.Booking.pickup }).fill('Chen');
  await page.getByRole('listbox', { name: m.Booking.pickup }).getByRole('option').first().waitFor({ timeout: 15_000 });
  await audit.scan(page, 'booking form: place suggestions open', market);
  await audit.visit(page, 'WhatsApp booking', market, '/user/whatsapp/taxi/booking');
  await audit.visit(page, 'AI chat', market, '/user/ai/taxi/booking');
  await page.getByRole('button', { name: new RegExp(`^${m.Chat.sampleTitle}`) }).click();
  await page.getByRole('button', { name: m.Chat.send, exact: true }).click();
  // signed out, the agent answers (the sign-in comes only when the rider books: tests/e2e/chat.spec.ts)
  const chat = page.getByRole('list', { name: m.Chat.conversation });
  await expect(chat.locator(':scope > li')).toHaveCount(2, { timeout: 20_000 });
  await expect(chat.getByRole('img', { name: m.Chat.typing })).toHaveCount(0, { timeout: 20_000 });
  await audit.scan(page, 'AI chat answered signed out', market);
  await audit.visit(page, 'place', market, '/place/chennai');
  await audit.visit(page, 'airport', market, '/airport/maa');
  await audit.visit(page, 'airport transfer', market, '/airport/maa/t-nagar');
  await audit.visit(page, 'locality', market, '/place/chennai/velachery');
  await audit.visit(page, 'route', market, '/taxi/chennai-to-pondicherry');
  await audit.visit(page, 'service places', market, '/service/places');
  await audit.visit(page, 'support', market, '/user/support');
  await audit.visit(page, 'partner login', market, '/travel/login');
  await audit.visit(page, 'partner signup', market, '/signup', undefined, PLATFORM);
  await audit.visit(page, 'driver sign-in', market, '/driver/home');
  await audit.visit(page, 'not found', market, '/place/atlantis');
  // An unknown host: its language comes from the browser's (the context's locale), a path prefix means nothing there.
  await page.goto(`http://nobody.localhost:${PORT}/user/home`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await audit.scan(page, 'site not found', market);
}

/** The console's sections in one market, each sheet opened once. */
async function consoleTour(page: Page, market: Market, audit: Audit, post: Post) {
  const { m } = market;
  const sheet = async (path: string, label: string, add: string, title: string) => {
    // An empty list offers a second Add button in its empty state.
    await audit.visit(page, `console ${label}`, market, path, (p) => p.getByRole('button', { name: add }).first());
    await page.getByRole('button', { name: add }).first().click();
    await expect(dialog(page, title)).toBeVisible();
    await audit.scan(page, `console ${label}: add sheet open`, market);
  };
  await audit.visit(page, 'console home', market, '/travel/home');
  // The board: a table on a desktop, cards on a phone, or its empty state when Today has no pickups.
  await audit.visit(page, 'console rides', market, '/travel/rides', (p) =>
    p.getByRole('table').or(p.getByRole('article')).or(p.getByText(m.PartnerRides.empty)).first(),
  );
  await audit.visit(page, 'console book for a customer', market, '/travel/ride/book');
  await sheet('/travel/vehicles', 'vehicles', m.FleetVehicles.add, m.FleetVehicles.sheetTitle);
  await sheet('/travel/drivers', 'drivers', m.FleetDrivers.add, m.FleetDrivers.sheetTitle);
  await sheet('/travel/agencies', 'travels', m.FleetAgencies.add, m.FleetAgencies.sheetTitle);
  await audit.visit(page, 'console wallet', market, '/travel/wallet');
  await audit.visit(page, 'console rates', market, '/travel/rates');
  await audit.visit(page, 'console airports', market, '/travel/airports', (p) => p.getByRole('button', { name: m.Airports.waiting.save }));
  await audit.visit(page, 'console apps', market, '/travel/apps');
  await audit.visit(page, 'console customers', market, '/travel/customers');
  await audit.visit(page, 'console events', market, '/travel/events');
  await audit.visit(page, 'console visits', market, '/travel/visits');
  await audit.visit(page, 'console reviews', market, '/travel/reviews', (p) => p.getByTestId('reviews-overall'));
  await audit.visit(page, 'console invoice details', market, '/travel/invoice', (p) => p.getByRole('button', { name: m.InvoiceDetails.save }));
  await audit.visit(page, 'console domain', market, '/travel/domain', (p) => p.getByRole('textbox', { name: m.DomainSettings.domainLabel }));
  await audit.visit(page, 'console integrations', market, '/travel/integrations', (p) => p.getByRole('heading', { name: m.Integrations.payuTitle }));
  await audit.visit(page, 'console AI agent', market, '/travel/ai/agent');
  await audit.visit(page, 'blog create', market, '/travel/blog/create');
  await audit.visit(page, 'blogs list', market, '/blogs', (p) => p.getByRole('link', { name: post.title }), post.origin);
  await audit.visit(page, 'blog post', market, `/blog/${post.slug}`, undefined, post.origin);
}

/** The signed-in rider's pages in one market. */
async function riderTour(page: Page, market: Market, audit: Audit) {
  await audit.visit(page, 'my rides', market, '/user/rides', (p) => p.getByRole('article').first());
  await audit.visit(page, 'wallet', market, '/user/wallet');
  await audit.visit(page, 'profile', market, '/user/profile', (p) => p.getByRole('textbox').first());
  await page.getByRole('button', { name: market.m.Auth.account }).click();
  await audit.scan(page, 'account menu open', market);
}

// The report names every page, rule and element; a trace would also record axe's injected script on each of ~100 scans (a third of the run).
test.use({ trace: 'off' });

test.describe('accessibility', () => {
  test('signed-out pages: landing, rider home, sign-in sheets, booking form, WhatsApp, chat, SEO pages, partner login and signup, driver sign-in, 404, site not found', async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const audit = new Audit();
    // Both markets at once, in two browser contexts: the scans dominate the run time.
    await Promise.all(
      MARKETS.map(async (market) => {
        const context = await browser.newContext({ ...PHONE, locale: market.lang === 'ar' ? 'ar-AE' : 'en-IN' });
        await signedOutTour(await context.newPage(), market, audit);
        await context.close();
      }),
    );
    expect(audit.findings.length, audit.report()).toBe(0);
  });

  test('signed-in pages: booking steps and sheets, confirmation, rides, wallet, profile; the console with its sheets and dialogs; blogs; the driver app; ride tracking and a shared ride', async ({
    browser,
  }) => {
    // (the console tour includes the Domain and Integrations sections)
    test.setTimeout(420_000);
    const audit = new Audit();

    // The partner watches the rides page for the booking to come.
    const partnerContext = await browser.newContext({ ...DESKTOP, locale: 'en-IN' });
    const partner = await partnerContext.newPage();
    await partnerLogin(partner, PARTNER_EMAIL, ORIGIN);
    await partner.goto('/in/en/travel/rides');
    await expect(partner.getByRole('heading', { name: 'Rides', level: 1 })).toBeVisible();

    // Rider: the booking steps, the sign-in sheet on Book now, the confirmation.
    const riderContext = await browser.newContext({ ...PHONE, locale: 'en-IN' });
    const rider = await riderContext.newPage();
    await fillTrip(rider, { from: 'Chennai', to: 'Bengaluru', time: '8:00 PM' });
    const vehicles = (p: Page) => p.getByRole('radio').first();
    await expect(vehicles(rider)).toBeVisible();
    await audit.scan(rider, 'vehicles', EN);
    await pickVehicle(rider, 'SUV');
    await audit.scan(rider, 'ride summary', EN);
    // The same booking (kept in the tab's session storage) in Arabic.
    await audit.visit(rider, 'ride summary', AR, '/ride/summary', (p) => p.getByRole('button', { name: AR.m.RideSummary.bookNow }));
    await audit.visit(rider, 'vehicles', AR, '/ride/vehicles', vehicles);
    await rider.goto('/in/en/ride/vehicles');
    await pickVehicle(rider, 'SUV');
    await rider.getByRole('button', { name: 'Book now' }).click();
    await expect(rider.getByRole('heading', { name: /^Get .* cashback on this ride$/ })).toBeVisible();
    await audit.scan(rider, 'booking sign-in sheet open', EN);
    await signInInSheet(rider, RIDER_PHONE, 'Noor Haddad');
    await expect(rider).toHaveURL(/\/in\/en\/ride\/confirmed$/, { timeout: 20_000 });
    const stored = (await rider.evaluate(() => sessionStorage.getItem('ride_confirmed')))!;
    const rideId = String((JSON.parse(stored) as { value: { rideId: number } }).value.rideId);
    // The confirmation returns home after 5 s, sooner than a scan on a busy machine: this tab holds that one timer
    // (a paused page clock would also stop axe's own timers).
    const held = await riderContext.newPage();
    await held.addInitScript((value) => {
      sessionStorage.setItem('ride_confirmed', value);
      const schedule = window.setTimeout;
      window.setTimeout = ((handler: TimerHandler, timeout?: number, ...rest: unknown[]) =>
        timeout === 5000 ? 0 : schedule(handler, timeout, ...rest)) as typeof window.setTimeout;
    }, stored);
    for (const market of MARKETS) await audit.visit(held, 'ride confirmed', market, '/ride/confirmed');
    await held.close();

    // The booking arrives in the partner's sheet; accepting it opens a dialog.
    const card = partner.getByRole('region', { name: 'New bookings' }).getByRole('listitem', { name: `Ride #${rideId}` });
    await expect(card).toBeVisible({ timeout: 15_000 });
    await audit.scan(partner, 'console rides: new bookings sheet', EN);
    await card.getByRole('button', { name: 'Accept' }).click();
    const accept = dialog(partner, `Accept ride #${rideId}`);
    await expect(accept).toBeVisible();
    await audit.scan(partner, 'console rides: accept dialog open', EN);
    await accept.getByLabel('Driver').selectOption({ label: DRIVER.name });
    await accept.getByLabel('Vehicle').selectOption({ label: DRIVER.vehicle });
    await accept.getByRole('button', { name: 'Accept' }).click();
    await expect(card).toBeHidden();

    const stamp = Date.now().toString(36);
    const posts: Record<'en' | 'ar', Post> = {
      en: {
        origin: ORIGIN,
        language: 'en',
        slug: `airport-guide-${stamp}`,
        title: 'Airport transfers in Chennai',
        body: 'Book your airport taxi a day ahead. The driver waits at arrivals with your name, and tolls and parking are in the fare you see before you book.',
      },
      ar: {
        origin: ACME.origin,
        language: 'ar',
        slug: `dalil-almatar-${stamp}`,
        title: 'التنقل إلى مطار دبي',
        body: 'احجز سيارة الأجرة إلى المطار قبل يوم. ينتظرك السائق في صالة الوصول باسمك، والرسوم ومواقف السيارات مشمولة في الأجرة التي تراها قبل الحجز.',
      },
    };
    await publishPost(partner, posts.en);
    const acmeContext = await browser.newContext({ ...DESKTOP, locale: 'ar-AE' });
    const acme = await acmeContext.newPage();
    await partnerLogin(acme, ACME.email, ACME.origin);
    await publishPost(acme, posts.ar);
    await acmeContext.close();

    // Driver: the app with the assigned ride, signed in meanwhile.
    const driverContext = await browser.newContext({
      ...PHONE,
      locale: 'en-IN',
      permissions: ['geolocation'],
      geolocation: { latitude: 13.0604, longitude: 80.2496 },
    });
    const driver = await driverContext.newPage();
    await driverLogin(driver);

    const partnerAr = await partnerContext.newPage();
    const riderAr = await riderContext.newPage();
    const consolePhoneContext = await browser.newContext({ ...PHONE, locale: 'en-IN', storageState: await partnerContext.storageState() });
    const consolePhone = await consolePhoneContext.newPage();
    await Promise.all([
      consoleTour(partner, EN, audit, posts.en),
      consoleTour(partnerAr, AR, audit, posts.ar),
      (async () => {
        await riderTour(rider, EN, audit);
        await riderTour(riderAr, AR, audit);
        // The AI chat with the agent's vehicle cards; the Arabic page shows the same conversation.
        await rider.goto('/in/en/user/ai/taxi/booking');
        await rider.getByRole('textbox', { name: EN.m.Chat.inputLabel }).fill('Book a sedan one-way from Chennai to Bangalore tomorrow at 8 PM');
        await rider.getByRole('button', { name: EN.m.Chat.send, exact: true }).click();
        const quotes = (p: Page, market: Market) =>
          p.getByRole('list', { name: market.m.Chat.conversation }).getByRole('heading', { name: market.m.Chat.quotesTitle }).last();
        await quotes(rider, EN).waitFor({ timeout: 30_000 });
        await audit.scan(rider, 'AI chat: vehicle cards', EN);
        await audit.visit(riderAr, 'AI chat: vehicle cards', AR, '/user/ai/taxi/booking', (p) => quotes(p, AR));
        await audit.visit(driver, 'driver app', EN, '/driver/home', (p) => p.getByRole('article', { name: `Ride #${rideId}`, exact: true }));
        await audit.visit(driver, 'driver app', AR, '/driver/home', (p) => p.getByRole('article').first());
        // The console on a phone: its menu is a drawer.
        for (const market of MARKETS) {
          await audit.visit(consolePhone, 'console home on a phone', market, '/travel/home');
          await consolePhone.getByRole('button', { name: market.m.ConsoleNav.openMenu }).click();
          await expect(consolePhone.getByRole('dialog', { name: market.m.ConsoleNav.menu })).toBeVisible();
          await audit.scan(consolePhone, 'console menu drawer open', market);
        }
      })(),
    ]);

    // The driver sets off (the rider sees a driver live only from then), then the rider's live track page,
    // a cancel dialog, then a shared link opened by someone signed out.
    await driver.goto('/in/en/driver/home');
    await driver
      .getByRole('article', { name: `Ride #${rideId}`, exact: true })
      .getByRole('button', { name: 'Set off for the pickup' })
      .click();
    await expect(driver.getByText(`Ride #${rideId}: your rider now sees you on the way.`)).toBeVisible();
    await audit.visit(rider, 'ride tracking', EN, `/track/driver?rideId=${rideId}`, (p) => p.getByTestId('driver-marker'));
    await rider.goto('/in/en/user/rides');
    const riderCard = rideCard(rider, rideId);
    await riderCard.getByRole('button', { name: 'Share' }).click();
    const link = new URL(await riderCard.getByLabel('Tracking link').inputValue());
    await audit.scan(rider, 'my rides: share link shown', EN);
    await riderCard.getByRole('button', { name: 'Cancel ride' }).click();
    await expect(rider.getByRole('dialog')).toBeVisible();
    await audit.scan(rider, 'my rides: cancel dialog open', EN);
    const guestContext = await browser.newContext({ ...PHONE, locale: 'en-IN' });
    const guest = await guestContext.newPage();
    for (const market of MARKETS) {
      await audit.visit(guest, 'shared ride tracking', market, `${link.pathname.replace(EN.prefix, '')}${link.search}`, (p) => p.getByTestId('driver-marker'));
    }

    // The operator cancels the ride, so its driver is free again for the specs that book the same evening after this one.
    const released = await partner.request.post(`/api/partner/rides/${rideId}`, {
      headers: { origin: ORIGIN },
      data: { action: 'decline', reason: 'Accessibility run over' },
    });
    expect(released.status()).toBe(200);
    for (const context of [riderContext, partnerContext, consolePhoneContext, driverContext, guestContext]) await context.close();
    expect(audit.findings.length, audit.report()).toBe(0);
  });
});
