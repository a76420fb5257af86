import { getTranslations } from 'next-intl/server';
import { ConsoleScreen } from '../overview/console-screen';
import { VisitsBoard } from './visits-board';

/** The console's visits page: visitor tracking and leads by date range. */
export async function VisitsScreen({ timeZone }: { timeZone: string }) {
  const t = await getTranslations('Visits');
  return (
    <ConsoleScreen title={t('title')} subtitle={t('subtitle')}>
      <VisitsBoard timeZone={timeZone} />
    </ConsoleScreen>
  );
}
