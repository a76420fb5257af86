import { expect, test } from '@playwright/test';
import robotsParser from 'robots-parser';
import { partnerLogin } from './support/partner';

const PARTNER_EMAIL = 'hello@meridiancabs.example';

/** A 48 x 32 teal PNG. */
const COVER_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAgCAIAAADbtmxLAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAASUlEQVRYhe2WwQkAQAzCukE29en8N0aPEugAIho7NF/drCtAQdGhmiFsWdbxg2CMDtUMYcuyDiF80KJDNUPYssihCMY6HRwe1wf+U7JMNaUlzgAAAABJRU5ErkJggg==',
  'base64',
);
/** An SVG that would run script if it were ever served as an image of this site. */
const SVG_AS_PNG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="window.__xss=1"><script>alert(1)</script></svg>');

/** Each payload either sets window.__xss or opens a dialog if it ever runs. */
const PAYLOADS = [
  '<script>window.__xss=1;alert(1)</script>',
  '<img src=x onerror="window.__xss=1;alert(1)">',
  '<svg onload="window.__xss=1"><script>alert(1)</script></svg>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>',
  '<a href="javascript:window.__xss=1;alert(1)">click me</a>',
  '<a href="jav&#x09;ascript:alert(1)">tab entity</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data url</a>',
  '<p style="background:url(javascript:alert(1))" onmouseover="window.__xss=1">styled</p>',
  '<style>*{background:url("javascript:alert(1)")}</style>',
  '<details open ontoggle="window.__xss=1;alert(1)">toggle</details>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=1">',
  '<input autofocus onfocus="window.__xss=1">',
  '<object data="javascript:alert(1)"></object>',
];

test.describe('blog', () => {
  test.use({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false });

  test('a partner publishes a post with XSS payloads in every field; readers see it inert, with its cover, in the list', async ({ page }) => {
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const stamp = Date.now().toString(36);
    const title = `<script>window.__xss=1</script><img src=x onerror="window.__xss=1;alert(1)"> Airport guide ${stamp}`;
    const slug = `airport-guide-${stamp}`;

    await partnerLogin(page, PARTNER_EMAIL);
    await expect(page.locator('nav a[href="/in/en/travel/blog/create"]').first()).toHaveText('Blog');
    await page.goto('/in/en/travel/blog/create');
    await expect(page.getByRole('heading', { name: 'Create a New Blog', level: 1 })).toBeVisible();
    const form = page.getByRole('form', { name: 'Create a New Blog' });
    const submit = form.getByRole('button', { name: 'Create Blog' });
    await expect(submit).toBeDisabled();
    await expect(form.getByLabel('Slug', { exact: true })).toHaveAttribute('placeholder', 'travel-tips');
    await expect(form.getByLabel('Keywords', { exact: true })).toHaveAttribute('placeholder', 'travel, dubai, rentals');
    await expect(form.getByLabel('Description', { exact: true })).toHaveAttribute('rows', '6');
    await expect(form.getByText('Minimum 100 characters')).toBeVisible();

    await form.getByRole('button', { name: 'Generate description' }).click();
    await expect(form.getByText('Please enter a title first.')).toBeVisible();

    await form.getByLabel('Title', { exact: true }).fill(title);
    await form.getByLabel('Slug', { exact: true }).fill('<script>alert(1)</script>');
    await expect(form.getByText('Use lower-case letters, digits and single hyphens only.')).toBeVisible();
    await form.getByLabel('Slug', { exact: true }).fill(slug);

    await form.getByLabel('Keywords', { exact: true }).fill('airport');
    await form.getByRole('button', { name: 'Generate keywords' }).click();
    await expect(form.getByLabel('Keywords', { exact: true })).toHaveValue(/chennai taxi/);
    await form
      .getByLabel('Keywords', { exact: true })
      .fill(`"><svg onload="window.__xss=1">, ${await form.getByLabel('Keywords', { exact: true }).inputValue()}`);

    const description = form.getByLabel('Description', { exact: true });
    await form.getByRole('button', { name: 'Generate description' }).click();
    await expect(description).not.toHaveValue('', { timeout: 60_000 });
    const generated = await description.inputValue();
    // plain text in the field, whatever the writer returned (issue 37): no tags or entities, paragraphs split by blank lines
    expect(generated).not.toMatch(/<\/?[a-z][^>]*>|&(?:#\d+|#x[0-9a-f]+|[a-z]+);/i);
    expect(generated).toContain('\n\n');
    expect(generated).toContain('Meridian Cabs');
    expect(generated).toContain('Chennai');
    await description.fill(`${generated}\n${PAYLOADS.join('\n')}`);

    const image = form.getByLabel('Image', { exact: true });
    await image.setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: SVG_AS_PNG });
    await expect(form.getByText('Upload a PNG, JPEG or WebP image.')).toBeVisible();
    await image.setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: COVER_PNG });
    await expect(form.getByRole('figure', { name: 'Cover preview' })).toBeVisible();

    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(form.getByRole('status')).toContainText('Blog created successfully!');
    await expect(form.getByLabel('Title', { exact: true })).toHaveValue('');
    await expect(form.getByRole('figure', { name: 'Cover preview' })).toHaveCount(0);

    const response = await page.goto(`/in/en/blog/${slug}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByRole('link', { name: '← Back to Blogs' })).toHaveAttribute('href', '/in/en/blogs');
    await expect(page.getByText(/^Published on \w{3}, \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} (AM|PM)$/)).toBeVisible();

    const article = page.locator('article');
    // the title once: the page's h1, not again at the top of the body (issue 37)
    await expect(page.getByRole('heading', { name: title })).toHaveCount(1);
    await expect(article.locator('p').filter({ hasText: 'Meridian Cabs' }).first()).toBeVisible();
    await expect(article.getByText('click me')).toBeVisible();
    await expect(
      article.locator(
        'script, style, iframe, object, svg, math, input, details, [onerror], [onload], [onclick], [onfocus], [onmouseover], [ontoggle], [style], a[href^="javascript"], a[href^="data"]',
      ),
    ).toHaveCount(0);
    await expect(article.locator('img')).toHaveCount(1);

    const cover = page.getByRole('img', { name: `Cover image for ${title}` });
    // the main image: fetched at once and first, with the uploaded picture's own size (48 x 32)
    await expect(cover).toHaveAttribute('loading', 'eager');
    await expect(cover).toHaveAttribute('fetchpriority', 'high');
    await expect(cover).toHaveAttribute('width', '48');
    await expect(cover).toHaveAttribute('height', '32');
    await cover.scrollIntoViewIfNeeded();
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0);
    expect(await cover.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\.webp$/);

    const head = await page.evaluate(() => ({
      canonicals: [...document.querySelectorAll('link[rel="canonical"]')].map((l) => (l as HTMLLinkElement).href),
      description: document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '',
      ogType: document.querySelector('meta[property="og:type"]')?.getAttribute('content'),
      ld: [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent ?? 'null')),
    }));
    expect(head.canonicals).toHaveLength(1);
    expect(head.canonicals[0]).toMatch(new RegExp(`/in/en/blog/${slug}$`));
    expect(head.description.length).toBeGreaterThan(0);
    expect(head.description.length).toBeLessThanOrEqual(155);
    expect(head.ogType).toBe('article');
    type Node = { '@type'?: string; '@graph'?: Node[] };
    const nodes = (head.ld as Node[]).flatMap((doc) => doc['@graph'] ?? [doc]);
    const posting = nodes.find((node) => node['@type'] === 'BlogPosting');
    expect(nodes.some((node) => node['@type'] === 'BreadcrumbList')).toBe(true);
    expect(posting).toMatchObject({ headline: expect.stringContaining('Airport guide'), datePublished: expect.any(String), image: expect.any(Array) });

    // every image the page references is one crawlers may fetch, typed and cached for good
    const images = await page.evaluate(() => [
      ...[...document.querySelectorAll('img')].map((img) => img.src),
      ...[...document.querySelectorAll('source[srcset]')].map((source) => new URL(source.getAttribute('srcset')!, location.href).href),
      ...[...document.querySelectorAll('meta[property="og:image"], meta[name="twitter:image"]')].map((meta) => meta.getAttribute('content')!),
    ]);
    const ldImages = (posting as unknown as { image: string[] }).image;
    const robotsUrl = new URL('/robots.txt', page.url()).href;
    const robots = robotsParser(robotsUrl, await (await page.request.get(robotsUrl)).text());
    const local = [...images, ...ldImages].map((url) => new URL(new URL(url).pathname, page.url()).href);
    const uploads = local.filter((url) => new URL(url).pathname.startsWith('/media/demo/blog/'));
    // cover, its WebP source, og:image, twitter:image and BlogPosting.image (twice)
    expect(uploads.length).toBeGreaterThanOrEqual(6);
    expect(local.filter((url) => /\/api\//.test(url))).toEqual([]);
    for (const url of local) {
      expect(robots.isAllowed(url, 'Googlebot'), url).toBe(true);
      expect((await page.request.get(url)).status(), url).toBe(200);
    }
    for (const url of uploads) {
      const file = await page.request.get(url);
      expect(file.headers()['content-type'], url).toMatch(/^image\/(webp|png|jpeg)$/);
      expect(file.headers()['cache-control'], url).toBe('public, max-age=31536000, immutable');
    }

    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);

    await page.getByRole('link', { name: '← Back to Blogs' }).click();
    await expect(page).toHaveURL(/\/in\/en\/blogs$/);
    const listed = page.getByRole('link', { name: title });
    await expect(listed).toHaveAttribute('href', `/in/en/blog/${slug}`);
    await expect(page.getByRole('img', { name: `Cover image for ${title}` })).toBeAttached();
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
  });

  test('the partner lists posts, edits a title and sees it on the site at the next view, deletes the post and its page answers 404', async ({ page }) => {
    const stamp = Date.now().toString(36);
    const title = `Temple drives ${stamp}`;
    const edited = `Temple drives at dawn ${stamp}`;
    const slug = `temple-drives-${stamp}`;
    const postPath = `/in/en/blog/${slug}`;

    await partnerLogin(page, PARTNER_EMAIL);
    const published = await page.evaluate(
      async (body) => {
        const response = await fetch('/api/blog', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
        return response.status;
      },
      {
        title,
        slug,
        keywords: 'temples, taxi',
        image: 'https://images.example/temple.png',
        description: `${title}\n\nOur drivers know the temple roads around Chennai and wait while you visit, so the whole morning runs at your pace.`,
      },
    );
    expect(published).toBe(201);

    // the reader's first view (the front door keeps it): the title once, the description as a paragraph
    expect((await page.goto(postPath))?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByRole('heading', { name: title })).toHaveCount(1);
    await expect(page.locator('article p').filter({ hasText: /^Our drivers know the temple roads/ })).toBeVisible();

    await page.goto('/in/en/travel/home');
    // the sidebar's link (the drawer's twin is hidden on a desktop)
    const navLink = page.getByRole('navigation', { name: 'Console menu' }).getByRole('link', { name: 'Blog posts', exact: true });
    await expect(navLink).toHaveAttribute('href', '/in/en/travel/blog/posts');
    await navLink.click();
    await expect(page.getByRole('heading', { name: 'Blog posts', level: 1 })).toBeVisible();
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: title, exact: true }) });
    await expect(row.getByRole('cell').nth(0)).toHaveText('English');
    await expect(row.getByRole('cell').nth(2)).toHaveText('Published');

    await row.getByRole('link', { name: `Edit ${title}` }).click();
    await expect(page).toHaveURL(new RegExp(`/in/en/travel/blog/edit/${slug}$`));
    const form = page.getByRole('form', { name: 'Edit Blog' });
    const titleField = form.getByLabel('Title', { exact: true });
    await expect(titleField).toHaveValue(title);
    await expect(form.getByLabel('Slug', { exact: true })).toHaveValue(slug);
    await titleField.fill(edited);
    // the slug stays: the post keeps its address
    await expect(form.getByLabel('Slug', { exact: true })).toHaveValue(slug);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByRole('status')).toContainText('Blog updated successfully!');

    expect((await page.goto(postPath))?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(edited);
    await expect(page.locator('article')).toContainText('Our drivers know the temple roads');
    await page.goto('/in/en/blogs');
    await expect(page.getByRole('link', { name: edited })).toHaveAttribute('href', postPath);

    await page.goto('/in/en/travel/blog/posts');
    const editedRow = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: edited, exact: true }) });
    await editedRow.getByRole('button', { name: `Delete ${edited}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this post?' });
    await expect(confirm).toContainText(`“${edited}” will be removed from your site.`);
    await confirm.getByRole('button', { name: 'Keep' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(editedRow).toHaveCount(1);
    await editedRow.getByRole('button', { name: `Delete ${edited}` }).click();
    await page.getByRole('alertdialog', { name: 'Delete this post?' }).getByRole('button', { name: 'Delete post' }).click();
    await expect(page.getByText('Post deleted.')).toBeVisible();
    await expect(editedRow).toHaveCount(0);

    expect((await page.goto(postPath))?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await page.goto('/in/en/blogs');
    await expect(page.getByRole('link', { name: edited })).toHaveCount(0);
    await page.goto('/in/en/user/home');
    await expect(page.getByRole('link', { name: edited })).toHaveCount(0);
    const index = await (await page.request.get('/sitemap.xml')).text();
    const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    for (const file of files) expect(await (await page.request.get(file)).text(), file).not.toContain(slug);
  });

  test('an unknown post is the localized 404, in the HTML itself for clients without JavaScript', async ({ page, request }) => {
    const response = await page.goto('/in/en/blog/no-such-post-here');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    for (const [path, lang, dir, heading] of [
      ['/in/en/blog/no-such-post', 'en', 'ltr', 'Page not found'],
      ['/ae/ar/blog/no-such-post', 'ar', 'rtl', undefined],
      ['/in/en/place/atlantis', 'en', 'ltr', 'Page not found'],
    ] as const) {
      const plain = await request.get(path);
      expect(plain.status(), path).toBe(404);
      const html = await plain.text();
      expect(html, path).not.toContain('__next_error__');
      expect(html, path).toMatch(new RegExp(`<html lang="${lang}" dir="${dir}"`));
      expect(html, path).toMatch(heading ? new RegExp(`<h1>${heading}</h1>`) : /<h1>[^<]+<\/h1>/);
    }
  });

  test('the create screen is for partners only', async ({ page }) => {
    await page.goto('/in/en/blog/create');
    await expect(page).toHaveURL(/\/in\/en\/travel\/login$/);
  });
});
