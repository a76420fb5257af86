import { getTranslations } from 'next-intl/server';
import { ConsoleScreen } from '../overview/console-screen';
import { WalletBoard } from './wallet-board';

/** Wallet (docs/requirements/partner.md#wallet): the balance card and Recent Activity from the business's ledger. */
export async function WalletScreen({ timeZone }: { timeZone: string }) {
  const t = await getTranslations('PartnerWallet');
  return (
    <ConsoleScreen title={t('title')} subtitle={t('subtitle')}>
      <WalletBoard timeZone={timeZone} />
    </ConsoleScreen>
  );
}
