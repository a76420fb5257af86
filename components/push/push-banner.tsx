import { getTranslations } from 'next-intl/server';
import { NotificationBanner } from './notification-banner';

/** The rider site's notification banner with its labels translated on the server. */
export async function PushBanner() {
  const t = await getTranslations('Notifications');
  return <NotificationBanner labels={{ region: t('bannerLabel'), text: t('bannerText'), enable: t('enable'), close: t('close') }} />;
}
