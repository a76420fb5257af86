import { getTranslations } from 'next-intl/server';
import { ConsoleScreen } from '../overview/console-screen';
import { SettingsBoard } from './settings-board';

/** Business settings: what riders see on the operator's site, each change live at once. */
export async function SettingsScreen() {
  const t = await getTranslations('Settings');
  return (
    <ConsoleScreen title={t('title')} subtitle={t('subtitle')}>
      <SettingsBoard />
    </ConsoleScreen>
  );
}
