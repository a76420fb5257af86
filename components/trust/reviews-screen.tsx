import { getTranslations } from 'next-intl/server';
import { ConsoleScreen } from '@/components/partner/overview/console-screen';
import { ReviewsBoard } from './reviews-board';

/** Reviews: the operator's and each driver's average, and riders' comments to approve for the site. */
export async function ReviewsScreen({ timeZone }: { timeZone: string }) {
  const t = await getTranslations('Reviews');
  return (
    <ConsoleScreen title={t('title')} subtitle={t('intro')}>
      <ReviewsBoard timeZone={timeZone} />
    </ConsoleScreen>
  );
}
