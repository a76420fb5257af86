import type { ReactNode } from 'react';
import { isRtl } from '@/lib/i18n/markets';
import '../../globals.css';

export default async function SiteNotFoundLayout({ children, params }: { children: ReactNode; params: Promise<{ lang: string }> }) {
  const { lang: asked } = await params;
  const lang = /^[a-z]{2}$/.test(asked) ? asked : 'en';
  return (
    <html lang={lang} dir={isRtl(lang) ? 'rtl' : 'ltr'}>
      <body>{children}</body>
    </html>
  );
}
