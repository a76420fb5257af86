import { getTranslations } from 'next-intl/server';
import { ConsoleScreen } from '../overview/console-screen';
import { DomainBoard } from './domain-board';

/** Domain: the operator's own domain, the DNS records to add, Verify. `consoleOrigin` is where the console stays. */
export async function DomainScreen({ consoleOrigin }: { consoleOrigin: string }) {
  const t = await getTranslations('DomainSettings');
  return (
    <ConsoleScreen title={t('title')} subtitle={t('subtitle')}>
      <DomainBoard consoleOrigin={consoleOrigin} />
    </ConsoleScreen>
  );
}
