import { expect, test, type Page } from '@playwright/test';

/**
 * Response headers a browser enforces (issue 9 §3): a Content-Security-Policy
 * with per-response nonces on app pages and no inline script at all on static
 * documents, HSTS, nosniff, frame-ancestors and the referrer policy, and the
 * pages still working in Chromium under that policy (no violation reported).
 */

const COMMON = {
  'strict-transport-security': /max-age=\d{7,}/,
  'x-content-type-options': /^nosniff$/,
  'referrer-policy': /^strict-origin-when-cross-origin$/,
  'x-frame-options': /^DENY$/,
};

function cspViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) seen.push(message.text());
  });
  return seen;
}

test.describe('security headers', () => {
  test('app pages carry a nonce policy whose nonce is on every script, and a new one each time', async ({ request }) => {
    const nonces = new Set<string>();
    for (const path of ['/in/en/user/home', '/in/en/user/form/taxi/booking', '/in/en/travel/login', '/in/en/place/atlantis']) {
      const response = await request.get(path);
      const headers = response.headers();
      for (const [name, pattern] of Object.entries(COMMON)) expect(headers[name], `${path} ${name}`).toMatch(pattern);
      const csp = headers['content-security-policy'];
      expect(csp, path).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{22,}' 'strict-dynamic'/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'self'");
      const nonce = /'nonce-([^']+)'/.exec(csp)![1];
      nonces.add(nonce);
      const html = await response.text();
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
      expect(scripts.length, path).toBeGreaterThan(0);
      expect(
        scripts.filter((tag) => !tag.includes(`nonce="${nonce}"`)),
        path,
      ).toEqual([]);
    }
    expect(nonces.size).toBe(4);
  });

  test('static documents allow no inline script and ship none of the app', async ({ request }) => {
    for (const path of ['/in/en/place/chennai', '/in/en/taxi/chennai-to-pondicherry', '/in/en/service/places', '/in/en/blogs']) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const headers = response.headers();
      for (const [name, pattern] of Object.entries(COMMON)) expect(headers[name], `${path} ${name}`).toMatch(pattern);
      expect(headers['content-security-policy'], path).toMatch(/script-src 'self';/);
      const executable = [...(await response.text()).matchAll(/<script\b([^>]*)>/g)]
        .map((m) => m[1])
        .filter((attributes) => !attributes.includes('application/ld+json'));
      expect(executable, path).toEqual([' src="/visit.js" async=""']);
    }
  });

  test('API answers are not sniffed and not framed', async ({ request }) => {
    const response = await request.get('/api/health');
    const headers = response.headers();
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['strict-transport-security']).toMatch(/max-age=/);
    expect(headers['x-frame-options']).toBe('DENY');
  });

  test('under the policy the booking form works and a place page records the visit, with no violation', async ({ page }) => {
    const violations = cspViolations(page);
    await page.goto('/in/en/user/form/taxi/booking');
    await page.getByRole('combobox', { name: 'Pickup location' }).fill('Chen');
    await expect(page.getByRole('option', { name: /Chennai/ }).first()).toBeVisible();

    const visit = page.waitForRequest((request) => request.url().endsWith('/api/tracking/visit') && request.method() === 'POST');
    await page.goto('/in/en/place/chennai');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Chennai');
    await visit;
    // the language menu works without JavaScript: plain links to the same page
    await page.locator('header summary').click();
    await page.getByRole('link', { name: 'தமிழ்' }).click();
    await expect(page).toHaveURL(/\/in\/ta\/place\/chennai$/);
    expect(violations).toEqual([]);
  });

  test('requests no handler can answer get 400 or 405 at the edge, with one Allow header and the security headers', async ({ baseURL }) => {
    const { request: raw } = await import('node:http');
    const port = Number(new URL(baseURL!).port);
    const send = (method: string, path: string) =>
      new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; allows: number }>((resolve, reject) => {
        const req = raw({ host: '127.0.0.1', port, method, path, headers: { host: `localhost:${port}` } }, (res) => {
          res.resume();
          const allows = res.rawHeaders.filter((_, i) => i % 2 === 0 && res.rawHeaders[i].toLowerCase() === 'allow').length;
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, allows }));
        });
        req.on('error', reject);
        req.end();
      });
    for (const [method, path, status] of [
      ['GET', '/sitemap/%ff.xml', 400],
      ['GET', '/api/blog/%ff', 400],
      ['GET', '/api/uploads/demo/blog/%ff', 400],
      ['GET', '/media/demo/blog/%ff', 400],
      ['TRACE', '/', 405],
      ['TRACE', '/api/health', 405],
      ['TRACE', '/in/en/place/chennai', 405],
      ['POST', '/visit.js', 405],
      ['PUT', '/visit.js', 405],
      ['PATCH', '/favicon.svg', 405],
      ['DELETE', '/sw.js', 405],
      ['OPTIONS', '/visit.js', 405],
    ] as const) {
      const answer = await send(method, path);
      expect(answer.status, `${method} ${path}`).toBe(status);
      for (const [name, pattern] of Object.entries(COMMON)) expect(String(answer.headers[name]), `${method} ${path} ${name}`).toMatch(pattern);
      expect(answer.allows, `${method} ${path} Allow headers`).toBe(status === 405 ? 1 : 0);
    }
  });
});
