import { getTranslations } from 'next-intl/server';
import { ConsoleScreen } from '../overview/console-screen';
import type { ConsoleArea } from '../sections';
import { EventsBell } from './events-bell';
import { EventsBoard } from './events-board';
import { PartnerBadge } from './partner-badge';
import styles from './events.module.css';

/** Rides event page (docs/requirements/partner.md#ride-events): every ride transition of the business, newest first. */
export async function EventsScreen({ area, timeZone }: { area: ConsoleArea; timeZone: string }) {
  const t = await getTranslations('RideEvents');
  const aside = (
    <div className={styles.tools}>
      <EventsBell area={area} timeZone={timeZone} />
      <PartnerBadge />
    </div>
  );
  return (
    <ConsoleScreen title={t('title')} aside={aside}>
      <EventsBoard timeZone={timeZone} />
    </ConsoleScreen>
  );
}
