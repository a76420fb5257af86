/*
 * The brand colour and WCAG 2.x contrast: buttons, the header and e-mail
 * headings put white text on the brand colour, so white on it must reach the
 * AA ratio for normal text (4.5:1). A failing colour is refused with the
 * nearest passing shade: the same hue and saturation, darker.
 */

export const DEFAULT_BRAND_COLOR = '#0f766e';
export const ON_BRAND_TEXT = '#ffffff';
/** WCAG 2.x AA, normal-size text. */
export const AA_RATIO = 4.5;

const HEX = /^#([0-9a-f]{6})$/i;

export type Rgb = { r: number; g: number; b: number };

/** "#0F766E", "#0f766e" or "0f766e" (also three digits) as "#0f766e"; undefined when it is not a colour. */
export function normaliseHex(value: string): string | undefined {
  let text = value.trim().toLowerCase();
  if (!text.startsWith('#')) text = `#${text}`;
  if (/^#[0-9a-f]{3}$/.test(text)) text = `#${[...text.slice(1)].map((c) => c + c).join('')}`;
  return HEX.test(text) ? text : undefined;
}

export function hexToRgb(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return { r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255 };
}

export function rgbToHex({ r, g, b }: Rgb): string {
  return `#${[r, g, b]
    .map((v) =>
      Math.max(0, Math.min(255, Math.round(v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of a #rrggbb colour. */
export function luminance(hex: string): number {
  const { r, g, b } = hexToRgb(hex);
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

type Hsl = { h: number; s: number; l: number };

function rgbToHsl({ r, g, b }: Rgb): Hsl {
  const [rn, gn, bn] = [r / 255, g / 255, b / 255];
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const l = (max + min) / 2;
  if (max === min) return { h: 0, s: 0, l };
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === rn ? (gn - bn) / d + (gn < bn ? 6 : 0) : max === gn ? (bn - rn) / d + 2 : (rn - gn) / d + 4;
  return { h: h / 6, s, l };
}

function hslToRgb({ h, s, l }: Hsl): Rgb {
  if (s === 0) return { r: l * 255, g: l * 255, b: l * 255 };
  const hue = (p: number, q: number, t: number) => {
    const u = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    if (u < 1 / 6) return p + (q - p) * 6 * u;
    if (u < 1 / 2) return q;
    if (u < 2 / 3) return p + (q - p) * (2 / 3 - u) * 6;
    return p;
  };
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  return { r: hue(p, q, h + 1 / 3) * 255, g: hue(p, q, h) * 255, b: hue(p, q, h - 1 / 3) * 255 };
}

/** The colour with its HSL lightness moved by `delta` (-1..1), clamped. */
export function shade(hex: string, delta: number): string {
  const hsl = rgbToHsl(hexToRgb(hex));
  return rgbToHex(hslToRgb({ ...hsl, l: Math.max(0, Math.min(1, hsl.l + delta)) }));
}

/** The lightest shade of the colour's hue that white text passes AA on (the colour itself when it passes). */
export function nearestPassingShade(hex: string): string {
  if (contrastRatio(ON_BRAND_TEXT, hex) >= AA_RATIO) return hex;
  const hsl = rgbToHsl(hexToRgb(hex));
  // lightness only goes down; 1/1000 steps keep the suggestion as close as the hex grid allows
  for (let l = hsl.l; l >= 0; l -= 0.001) {
    const candidate = rgbToHex(hslToRgb({ ...hsl, l }));
    if (contrastRatio(ON_BRAND_TEXT, candidate) >= AA_RATIO) return candidate;
  }
  return '#000000';
}

export type ColourCheck =
  { ok: true; colour: string; ratio: number } | { ok: false; colour: string; ratio: number; suggestion: string; suggestionRatio: number };

/** Whether white text on the colour passes WCAG AA, and if not the nearest passing shade. */
export function checkBrandColour(hex: string): ColourCheck {
  const ratio = Math.floor(contrastRatio(ON_BRAND_TEXT, hex) * 100) / 100;
  if (contrastRatio(ON_BRAND_TEXT, hex) >= AA_RATIO) return { ok: true, colour: hex, ratio };
  const suggestion = nearestPassingShade(hex);
  return { ok: false, colour: hex, ratio, suggestion, suggestionRatio: Math.floor(contrastRatio(ON_BRAND_TEXT, suggestion) * 100) / 100 };
}

/** The CSS custom properties of a brand colour: the colour, a darker pressed/hover shade and the focus ring. */
export function brandCssVariables(hex: string | null | undefined): Record<string, string> {
  const colour = (hex && normaliseHex(hex)) || DEFAULT_BRAND_COLOR;
  const { r, g, b } = hexToRgb(colour);
  return {
    '--color-primary': colour,
    '--color-primary-strong': shade(colour, -0.08),
    '--color-on-primary': ON_BRAND_TEXT,
    '--focus-ring': `0 0 0 3px rgb(${r} ${g} ${b} / 45%)`,
  };
}
