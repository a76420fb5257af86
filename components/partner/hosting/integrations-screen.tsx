import { getTranslations } from 'next-intl/server';
import { ConsoleScreen } from '../overview/console-screen';
import { IntegrationsBoard } from './integrations-board';

/** Integrations: the operator's own WhatsApp Cloud API number and PayU account. `webhookUrl` is what its Meta app calls. */
export async function IntegrationsScreen({ webhookUrl }: { webhookUrl: string }) {
  const t = await getTranslations('Integrations');
  return (
    <ConsoleScreen title={t('title')} subtitle={t('subtitle')}>
      <IntegrationsBoard webhookUrl={webhookUrl} />
    </ConsoleScreen>
  );
}
