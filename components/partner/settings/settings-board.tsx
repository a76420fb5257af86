'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { useRouter } from '@/lib/i18n/navigation';
import { loadStatus } from '@/components/data/query-status';
import { LoadState } from '../overview/load-state';
import screen from '../overview/screen.module.css';
import { useBusinessSettings } from './queries';
import { CitiesSection } from './cities-section';
import { ColourSection } from './colour-section';
import { LogoSection } from './logo-section';
import { MarketSection } from './market-section';
import { ProfileSection } from './profile-section';
import styles from './settings.module.css';

/** The Business settings screen: details, logo, colour, cities and market, each saved on its own and live on the rider site at once. */
export function SettingsBoard() {
  const t = useTranslations('Settings');
  const query = useBusinessSettings();
  const router = useRouter();
  const [status, setStatus] = useState('');
  if (!query.data)
    return (
      <LoadState
        status={loadStatus(query) === 'error' ? 'error' : 'loading'}
        loading={t('loading')}
        error={t('loadError')}
        retry={t('retry')}
        onRetry={() => void query.refetch()}
      />
    );
  // the console's header, drawer and map are server-rendered: render them again with the change
  const saved = (message: string) => {
    setStatus(message);
    router.refresh();
  };
  return (
    <div className={styles.sections}>
      <p role="status" className={screen.status}>
        {status}
      </p>
      <ProfileSection settings={query.data} onSaved={() => saved(t('profile.saved'))} />
      <LogoSection settings={query.data} onSaved={saved} />
      <ColourSection settings={query.data} onSaved={() => saved(t('colour.saved'))} />
      <CitiesSection settings={query.data} onSaved={() => saved(t('cities.saved'))} />
      <MarketSection settings={query.data} onSaved={() => saved(t('market.saved'))} />
    </div>
  );
}
