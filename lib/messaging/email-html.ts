import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { businesses } from '@/lib/db/schema';
import { brandCssVariables, ON_BRAND_TEXT } from '@/lib/settings/colour';

/*
 * The HTML part of an e-mail: the plain text under a header bar in the
 * sending operator's brand colour with its name in white (the colour passed
 * the WCAG AA check when it was saved). Inline styles only, as mail clients
 * drop style sheets; the text part stays the same words.
 */

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function emailHtml(brand: { name: string; brandColor: string }, subject: string | undefined, text: string): string {
  const colour = brandCssVariables(brand.brandColor)['--color-primary'];
  const body = escapeHtml(text).replace(/\r?\n/g, '<br>');
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(subject ?? brand.name)}</title></head><body style="margin:0;padding:0;background:#f7f8fa;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#14161a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f7f8fa"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:${colour};color:${ON_BRAND_TEXT};padding:16px 24px;font-size:18px;font-weight:700">${escapeHtml(brand.name)}</td></tr>
<tr><td style="padding:24px;font-size:16px;line-height:1.5">${body}</td></tr>
</table></td></tr></table></body></html>`;
}

/** The HTML part of an e-mail of this operator (undefined when the operator is gone). */
export async function brandedEmailHtml(db: Db, businessId: number, subject: string | undefined, text: string): Promise<string | undefined> {
  const [brand] = await db.select({ name: businesses.name, brandColor: businesses.brandColor }).from(businesses).where(eq(businesses.id, businessId)).limit(1);
  return brand ? emailHtml(brand, subject, text) : undefined;
}
