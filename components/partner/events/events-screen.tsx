import { getTranslations } from 'next-intl/server';
import { ConsoleScreen } from '../overview/console-screen';
import { EventsBoard } from './events-board';
import { PartnerBadge } from './partner-badge';

/** Rides event page (docs/requirements/partner.md#ride-events): every ride transition of the business, newest first. */
export async function EventsScreen({ timeZone }: { timeZone: string }) {
  const t = await getTranslations('RideEvents');
  return (
    <ConsoleScreen title={t('title')} aside={<PartnerBadge />}>
      <EventsBoard timeZone={timeZone} />
    </ConsoleScreen>
  );
}
