import { getTranslations } from 'next-intl/server';
import { ConsoleScreen } from '../overview/console-screen';
import { RatesBoard } from './rates-board';
import { TripRulesCard } from './trip-rules-form';
import { CancellationRulesCard } from './cancellation-rules-form';

/** Fares (the vehicleRates section): every vehicle type's rate card, editable. */
export async function RatesScreen() {
  const t = await getTranslations('Rates');
  return (
    <ConsoleScreen title={t('title')} subtitle={t('subtitle')}>
      <TripRulesCard />
      <CancellationRulesCard />
      <RatesBoard />
    </ConsoleScreen>
  );
}
