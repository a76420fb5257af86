import type { ReactNode } from 'react';
import '../../globals.css';

export default async function SiteNotFoundLayout({ children, params }: { children: ReactNode; params: Promise<{ lang: string }> }) {
  const { lang } = await params;
  return (
    <html lang={/^[a-z]{2}$/.test(lang) ? lang : 'en'}>
      <body>{children}</body>
    </html>
  );
}
