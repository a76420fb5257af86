import { getTranslations } from 'next-intl/server';
import { ConsoleScreen } from './console-screen';
import { OverviewBoard } from './overview-board';

/** Business overview (spec 001 §2): counters, revenue and commission for a date filter, in the business's time zone. */
export async function OverviewScreen({ timeZone }: { timeZone: string }) {
  const t = await getTranslations('Overview');
  return (
    <ConsoleScreen title={t('title')} subtitle={t('subtitle')}>
      <OverviewBoard timeZone={timeZone} />
    </ConsoleScreen>
  );
}
