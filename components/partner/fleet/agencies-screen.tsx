'use client';

import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import type { AgencyView } from '@/lib/fleet/agencies';
import { countersOf, type FleetCounters } from '@/lib/fleet/counters';
import { useRouter } from '@/lib/i18n/navigation';
import ui from '@/components/ui/ui.module.css';
import type { ConsoleArea } from '../sections';
import { AgencyCard } from './agency-card';
import { fleetStore } from './fleet-store';
import { Counters, ListState } from './fleet-ui';
import { PersonSheet, postPerson } from './person-sheet';
import { SnackbarHost } from './snackbar-host';
import { useFleetList } from './use-fleet-list';
import styles from './fleet.module.css';

type AgenciesData = { counters: FleetCounters; agencies: AgencyView[] };

/** The Travels section: counters, Add Travel, the travel-company cards, or the empty state; an add goes on to the drivers. */
export function AgenciesScreen({ area, defaultCountry }: { area: ConsoleArea; defaultCountry: string }) {
  const t = useTranslations('FleetAgencies');
  const id = useId();
  const router = useRouter();
  const { state, retry, update } = useFleetList<AgenciesData>('/api/partner/agencies', 'agencies');
  const [adding, setAdding] = useState(false);

  const replace = (agencyId: number, next: AgencyView | null) =>
    update((data) => {
      const agencies = next ? data.agencies.map((a) => (a.id === agencyId ? next : a)) : data.agencies.filter((a) => a.id !== agencyId);
      return { agencies, counters: countersOf(agencies) };
    });

  const addButton = (
    <button type="button" className={`${ui.button} ${ui.primary}`} onClick={() => setAdding(true)}>
      {t('add')}
    </button>
  );

  return (
    <section aria-labelledby={`${id}-title`} className={styles.screen}>
      <div className={styles.screenHead}>
        <h1 id={`${id}-title`}>{t('title')}</h1>
        {addButton}
      </div>
      <Counters counters={state.status === 'ready' ? state.data.counters : undefined} label={t('countersLabel')} names={{ total: t('total'), online: t('online'), offline: t('offline') }} />
      <ListState
        list={state}
        isEmpty={(data) => !data.agencies.length}
        texts={{ loading: t('loading'), loadFailed: t('loadFailed'), retry: t('retry'), empty: t('empty') }}
        onRetry={retry}
        emptyAction={addButton}
      >
        {(data) => (
          <ul className={styles.list} aria-label={t('listLabel')}>
            {data.agencies.map((agency) => (
              <AgencyCard key={agency.id} agency={agency} onChange={(next) => replace(agency.id, next)} />
            ))}
          </ul>
        )}
      </ListState>
      {adding ? (
        <PersonSheet
          variant="travel"
          defaultCountry={defaultCountry}
          texts={{
            title: t('sheetTitle'),
            handle: t('sheetHandle'),
            nameLabel: t('nameLabel'),
            counter: (count, max) => t('counter', { count, max }),
            placeLabel: t('placeLabel'),
            continue: t('continue'),
            saving: t('saving'),
            cancel: t('cancel'),
          }}
          submit={async (input) => {
            const failure = await postPerson('/api/partner/agencies', input);
            if (failure) {
              fleetStore.showSnackbar(t('addFailed'), 'failure', t('close'));
              return failure;
            }
            setAdding(false);
            fleetStore.changed('agencies', 'drivers');
            fleetStore.showSnackbar(t('added'), 'success', t('close'));
            router.push(`/${area}/drivers`);
            router.refresh();
            return null;
          }}
          onClose={() => setAdding(false)}
        />
      ) : null}
      <SnackbarHost />
    </section>
  );
}
