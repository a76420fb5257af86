'use client';

import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import { useRouter } from '@/lib/i18n/navigation';
import ui from '@/components/ui/ui.module.css';
import type { ConsoleArea } from '../sections';
import { AgencyCard } from './agency-card';
import { useFleetStore } from './fleet-store';
import { Counters, ListState } from './fleet-ui';
import { PersonSheet } from './person-sheet';
import { failureOf } from '@/components/data/fetch-data';
import { SnackbarHost } from './snackbar-host';
import { useAddAgency, useAgencies } from './queries';
import styles from './fleet.module.css';

/** The Travels section: counters, Add Travel, the travel-company cards, or the empty state; an add goes on to the drivers. */
export function AgenciesScreen({ area, defaultCountry }: { area: ConsoleArea; defaultCountry: string }) {
  const t = useTranslations('FleetAgencies');
  const id = useId();
  const router = useRouter();
  const list = useAgencies();
  const add = useAddAgency();
  const showSnackbar = useFleetStore((s) => s.showSnackbar);
  const [adding, setAdding] = useState(false);

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
      <Counters counters={list.data?.counters} label={t('countersLabel')} names={{ total: t('total'), online: t('online'), offline: t('offline') }} />
      <ListState
        list={list}
        isEmpty={(data) => !data.agencies.length}
        texts={{ loading: t('loading'), loadFailed: t('loadFailed'), retry: t('retry'), empty: t('empty') }}
        onRetry={() => void list.refetch()}
        emptyAction={addButton}
      >
        {(data) => (
          <ul className={styles.list} aria-label={t('listLabel')}>
            {data.agencies.map((agency) => (
              <AgencyCard key={agency.id} agency={agency} />
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
            try {
              await add.mutateAsync(input);
            } catch (error) {
              showSnackbar(t('addFailed'), 'failure', t('close'));
              return failureOf(error);
            }
            setAdding(false);
            showSnackbar(t('added'), 'success', t('close'));
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
