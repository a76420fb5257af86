import { AA_RATIO, brandCssVariables, checkBrandColour, contrastRatio, nearestPassingShade, normaliseHex, shade } from '@/lib/settings/colour';
import { emailHtml } from '@/lib/messaging/email-html';

describe('brand colour contrast (WCAG 2.x, white text)', () => {
  it('computes the known ratios', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    // the platform's default teal passes AA with white text
    expect(contrastRatio('#ffffff', '#0f766e')).toBeGreaterThan(AA_RATIO);
    expect(contrastRatio('#ffffff', '#767676')).toBeCloseTo(4.54, 2);
  });

  it('accepts passing colours and refuses failing ones with the nearest passing shade of the same hue', () => {
    expect(checkBrandColour('#0f766e')).toMatchObject({ ok: true });
    const refused = checkBrandColour('#f59e0b');
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.ratio).toBeLessThan(AA_RATIO);
    expect(contrastRatio('#ffffff', refused.suggestion)).toBeGreaterThanOrEqual(AA_RATIO);
    // nearest: a shade a little lighter than the suggestion fails again
    expect(contrastRatio('#ffffff', shade(refused.suggestion, 0.01))).toBeLessThan(AA_RATIO);
    expect(nearestPassingShade('#ffffff')).toBe('#767676');
  });

  it('normalises colour codes and refuses what is not one', () => {
    expect(normaliseHex('#0F766E')).toBe('#0f766e');
    expect(normaliseHex('abc')).toBe('#aabbcc');
    expect(normaliseHex('red')).toBeUndefined();
    expect(normaliseHex('#12345g')).toBeUndefined();
  });

  it('gives the site its CSS variables and e-mails their header colour', () => {
    expect(brandCssVariables('#7c2d12')['--color-primary']).toBe('#7c2d12');
    expect(brandCssVariables('not a colour')['--color-primary']).toBe('#0f766e');
    const html = emailHtml({ name: 'Sunrise <Cabs>', brandColor: '#7c2d12' }, 'Your code', '1234 is your code\nSee you');
    expect(html).toContain('background:#7c2d12');
    expect(html).toContain('Sunrise &lt;Cabs&gt;');
    expect(html).toContain('1234 is your code<br>See you');
  });
});

describe('SVG logos', () => {
  it('keep a plain DOCTYPE out and refuse entity declarations', async () => {
    const { sanitizeSvg } = await import('@/lib/settings/svg');
    const plain =
      '<?xml version="1.0"?>\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>';
    expect(sanitizeSvg(Buffer.from(plain))).toBe('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>');
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]><svg xmlns="http://www.w3.org/2000/svg"><text>&b;</text></svg>';
    expect(() => sanitizeSvg(Buffer.from(laughs))).toThrow(expect.objectContaining({ key: 'logoMalformed', field: 'logo' }));
    expect(() => sanitizeSvg(Buffer.from('<html><svg xmlns="http://www.w3.org/2000/svg"/></html>'))).toThrow(expect.objectContaining({ key: 'logoMalformed' }));
    // animations that could rewrite an attribute are dropped; one carrying a javascript: value is refused
    expect(sanitizeSvg(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><set attributeName="fill" to="red"/><rect width="1" height="1"/></svg>'))).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>',
    );
    expect(() => sanitizeSvg(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><set attributeName="href" to="javascript:alert(1)"/></svg>'))).toThrow(
      expect.objectContaining({ key: 'logoSvgScript' }),
    );
  });
});
