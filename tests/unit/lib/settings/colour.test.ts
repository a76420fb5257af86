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
