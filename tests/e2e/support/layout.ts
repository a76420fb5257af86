import { expect, type Locator, type Page } from '@playwright/test';

/**
 * No word of the elements' text is split across two lines ("WhatsAp|p",
 * "₹637.5|0"): each word's rectangles all sit on one line. Words are runs
 * without white space, so a split name or amount shows, whatever the script.
 */
export async function expectWordsWhole(elements: Locator, what: string): Promise<void> {
  await expect(elements.first()).toBeVisible();
  const split = await elements.evaluateAll((nodes) => {
    const broken: string[] = [];
    for (const element of nodes) {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const word of (node.textContent ?? '').matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.bottom)));
          if (lines.size > 1) broken.push(word[0]);
        }
      }
    }
    return broken;
  });
  expect(split, `${what}: words split across lines`).toEqual([]);
}

/**
 * `number` ("+971 501234567") reads left to right inside `element`, whatever the page's direction: its first
 * character is drawn left of its last (an Arabic page without isolation draws "501234567 971+").
 */
export async function expectReadsLeftToRight(element: Locator, number: string): Promise<void> {
  await expect(element).toContainText(number);
  const order = await element.evaluate((root, wanted) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = (node.textContent ?? '').indexOf(wanted);
      if (at < 0) continue;
      const left = (index: number) => {
        const range = document.createRange();
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        return range.getBoundingClientRect().left;
      };
      return { first: left(at), last: left(at + wanted.length - 1) };
    }
    return null;
  }, number);
  expect(order, `${number} is one text in the element`).not.toBeNull();
  expect(order!.first, `${number}: its first character is left of its last`).toBeLessThan(order!.last);
}

/** The page is no wider than the viewport: nothing scrolls sideways. */
export async function expectNoSideScroll(page: Page, what: string): Promise<void> {
  const widths = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, body: document.body.scrollWidth, view: window.innerWidth }));
  expect(Math.max(widths.doc, widths.body), `${what} scrolls sideways`).toBeLessThanOrEqual(widths.view);
}

/**
 * `row` and every control in it (input, select, button) lie inside `container` and the viewport from left to right,
 * and nothing in the row is pushed past its edge (its content is no wider than its box).
 */
export async function expectRowFits(row: Locator, container: Locator, what: string): Promise<void> {
  await expect(row).toBeVisible();
  const outer = (await container.boundingBox())!;
  const measured = await row.evaluate((root) => {
    const edges = (element: Element) => {
      const rect = element.getBoundingClientRect();
      return {
        what: element.tagName.toLowerCase() + (element.getAttribute('type') ? `[${element.getAttribute('type')}]` : ''),
        left: rect.left,
        right: rect.right,
      };
    };
    return {
      view: window.innerWidth,
      pushed: root.scrollWidth > root.clientWidth + 1,
      boxes: [edges(root), ...[...root.querySelectorAll('input, select, button')].map(edges)],
    };
  });
  expect(measured.pushed, `${what}: its content is wider than the row`).toBe(false);
  const left = Math.max(0, outer.x) - 0.5;
  const right = Math.min(measured.view, outer.x + outer.width) + 0.5;
  for (const box of measured.boxes) {
    expect(box.left, `${what}: the ${box.what} starts outside`).toBeGreaterThanOrEqual(left);
    expect(box.right, `${what}: the ${box.what} ends outside`).toBeLessThanOrEqual(right);
  }
}
