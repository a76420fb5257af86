import { performance } from 'node:perf_hooks';
import { LOGO_MAX_INPUT_PIXELS, LOGO_RENDER_SECONDS, storeLogo } from '@/lib/settings/logo';

/*
 * The render budget of an uploaded logo (issue 35 §6): sharp decodes at most
 * LOGO_MAX_INPUT_PIXELS from it and each call stops after
 * LOGO_RENDER_SECONDS; a logo over either is refused with a 400 naming both
 * limits (logoTooCostly), not "could not be read".
 */

const refusal = (text: string) =>
  storeLogo('budget', new TextEncoder().encode(text)).then(
    () => undefined,
    (error: { key?: string; values?: unknown; message: string }) => ({ key: error.key, values: error.values, message: error.message }),
  );

describe('logo render budget', () => {
  it('refuses an SVG whose rendering would decode more pixels than the cap, naming the limits, quickly', async () => {
    // 1 × 100,000 user units: rendered at the density the largest icon needs, 33 × 3,333,333 px
    const started = performance.now();
    const refused = await refusal(
      '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="100000" viewBox="0 0 1 100000"><rect width="1" height="100000"/></svg>',
    );
    expect(refused).toEqual({
      key: 'logoTooCostly',
      values: { pixels: LOGO_MAX_INPUT_PIXELS / 1_000_000, seconds: LOGO_RENDER_SECONDS },
      message: `logo: The image costs too much to render: at most 40 megapixels and ${LOGO_RENDER_SECONDS} seconds are allowed. Upload a smaller or simpler image.`,
    });
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
