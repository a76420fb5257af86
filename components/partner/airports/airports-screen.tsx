import { getTranslations } from 'next-intl/server';
import { ConsoleScreen } from '../overview/console-screen';
import type { ConsoleArea } from '../sections';
import { AirportsBoard } from './airports-board';

/** Airports and waiting: free waiting per trip kind, the waiting block, the pickup buffer after landing and each airport's meeting point. */
export async function AirportsScreen({ area }: { area: ConsoleArea }) {
  const t = await getTranslations('Airports');
  return (
    <ConsoleScreen title={t('title')} subtitle={t('subtitle')}>
      <AirportsBoard area={area} />
    </ConsoleScreen>
  );
}
