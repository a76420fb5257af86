import { getTranslations } from 'next-intl/server';
import { ConsoleScreen } from './console-screen';
import { OverviewBoard } from './overview-board';
import { FirstRunChecklist } from '../settings/first-run-checklist';
import type { ConsoleArea } from '../sections';

/** Business overview (docs/requirements/partner.md#overview): the first-run checklist of a new operator, then counters, revenue and commission for a date filter, in the business's time zone. */
export async function OverviewScreen({ area, timeZone }: { area: ConsoleArea; timeZone: string }) {
  const t = await getTranslations('Overview');
  return (
    <ConsoleScreen title={t('title')} subtitle={t('subtitle')}>
      <FirstRunChecklist area={area} />
      <OverviewBoard timeZone={timeZone} />
    </ConsoleScreen>
  );
}
