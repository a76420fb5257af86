import sharp from 'sharp';
import { storeLogo } from '@/lib/settings/logo';
import { storeBlogImage } from '@/lib/blog/images';
import { storePhoto } from '@/lib/fleet/photos';
import { IMAGE_MAX_INPUT_PIXELS, IMAGE_RENDER_SECONDS } from '@/lib/media/render-budget';
import en from '@/messages/en.json';

/*
 * The render budget of every uploaded image (issue 35 §6,
 * lib/media/render-budget.ts): sharp decodes at most IMAGE_MAX_INPUT_PIXELS
 * from it and each call stops after IMAGE_RENDER_SECONDS; a file over either
 * is refused with a 400 naming both limits (logoTooCostly, imageTooCostly,
 * photoTooCostly), not "could not be read".
 */

const refusal = (text: string) =>
  storeLogo('budget', new TextEncoder().encode(text)).then(
    () => undefined,
    (error: { key?: string; values?: unknown; message: string }) => ({ key: error.key, values: error.values, message: error.message }),
  );

const caught = (work: Promise<unknown>) =>
  work.then(
    () => undefined,
    (error: { key?: string; message: string; status?: number }) => ({ key: error.key, message: error.message }),
  );

describe('blog cover and fleet photo render budget', () => {
  let overCap: Uint8Array;
  beforeAll(async () => {
    // one colour, so a few hundred kilobytes of PNG, but 8,000 × 5,001 px: just over the 40-megapixel cap
    overCap = await sharp({ create: { width: 8000, height: 5001, channels: 3, background: '#3a6' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(8000 * 5001).toBeGreaterThan(IMAGE_MAX_INPUT_PIXELS);
  });

  it('refuses a cover over the pixel cap as too costly, naming the limits, not as unreadable', async () => {
    const expected = en.BlogCreate.errors.imageTooCostly;
    expect(expected).toContain(`${IMAGE_MAX_INPUT_PIXELS / 1_000_000} megapixels and ${IMAGE_RENDER_SECONDS} seconds`);
    expect(await caught(storeBlogImage('budget', overCap))).toEqual({ key: 'imageTooCostly', message: `image: ${expected}` });
  });

  it('refuses a driver photo over the pixel cap as too costly', async () => {
    const refused = await caught(storePhoto('budget', 'driver', overCap));
    expect(refused?.key).toBe('photoTooCostly');
    expect(refused?.message).toContain(`${IMAGE_MAX_INPUT_PIXELS / 1_000_000} megapixels`);
  });
});

describe('logo render budget', () => {
  it('refuses an SVG whose rendering would decode more pixels than the cap, naming the limits', async () => {
    // 1 × 100,000 user units: rendered at the density the largest icon needs, 33 × 3,333,333 px
    const refused = await refusal(
      '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="100000" viewBox="0 0 1 100000"><rect width="1" height="100000"/></svg>',
    );
    expect(refused).toEqual({
      key: 'logoTooCostly',
      values: { pixels: IMAGE_MAX_INPUT_PIXELS / 1_000_000, seconds: IMAGE_RENDER_SECONDS },
      message: `logo: The image costs too much to render: at most 40 megapixels and ${IMAGE_RENDER_SECONDS} seconds are allowed. Upload a smaller or simpler image.`,
    });
  });
});
