'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import type { AgencyView } from '@/lib/fleet/agencies';
import { ACTION_FOR_STATUS, type StatusAction } from '@/lib/fleet/schemas';
import { ActionMenu, type MenuItem } from './action-menu';
import { ConfirmDialog } from './confirm-dialog';
import { useFleetStore } from './fleet-store';
import { usePatchAgency, useRemoveAgency } from './queries';
import { initials, OnlineBadge, OnlineSwitch, StatusBadge } from './fleet-ui';
import styles from './fleet.module.css';

const STATUS_KEY = { pending: 'statusPending', Verified: 'statusVerified', Blocked: 'statusBlocked' } as const;
const DONE_KEY = { verify: 'verified', block: 'blocked', unblock: 'unblocked' } as const;

/** A travel company: name, status, place, phone, its drivers, online switch and the menu (status action, Remove). */
export function AgencyCard({ agency }: { agency: AgencyView }) {
  const t = useTranslations('FleetAgencies');
  const showSnackbar = useFleetStore((s) => s.showSnackbar);
  const patching = usePatchAgency();
  const removal = useRemoveAgency();
  const [confirming, setConfirming] = useState(false);
  const phone = `+${agency.phoneCode} ${agency.phone}`;

  const patch = (body: { action: StatusAction } | { online: boolean }, failure: 'actionFailed' | 'toggleFailed') =>
    patching.mutate(
      { id: agency.id, body },
      {
        onError: () => showSnackbar(t(failure), 'failure', t('close')),
        onSuccess: () => {
          if ('action' in body) showSnackbar(t(DONE_KEY[body.action], { name: agency.name }), 'success', t('close'));
        },
      },
    );

  const remove = async () => {
    const removed = await removal.mutateAsync(agency.id).then(
      () => true,
      () => false,
    );
    setConfirming(false);
    if (removed) showSnackbar(t('removed'), 'success', t('close'));
    else showSnackbar(t('removeFailed'), 'failure', t('close'));
  };

  const action = ACTION_FOR_STATUS[agency.accountStatus];
  const items: MenuItem[] = [
    { key: action, label: t(action), onSelect: () => patch({ action }, 'actionFailed') },
    { key: 'remove', label: t('remove'), danger: true, onSelect: () => setConfirming(true) },
  ];

  return (
    <li className={styles.card}>
      <span className={styles.avatar} aria-hidden="true">
        {initials(agency.name)}
      </span>
      <div className={styles.cardMain}>
        <h2 className={styles.cardTitle}>{agency.name}</h2>
        <p className={styles.badges}>
          <StatusBadge status={agency.accountStatus} label={t(STATUS_KEY[agency.accountStatus])} />
          <OnlineBadge online={agency.online} label={t(agency.online ? 'online' : 'offline')} />
        </p>
        {agency.place ? <p className={styles.meta}>{agency.place}</p> : null}
        <a className={styles.phone} href={`tel:+${agency.phoneCode}${agency.phone}`} aria-label={t('phone', { phone })}>
          {phone}
        </a>
        <details className={styles.crew}>
          <summary>{t('driverCount', { count: agency.drivers.length })}</summary>
          {agency.drivers.length ? (
            <ul aria-label={t('driversLabel', { name: agency.name })}>
              {agency.drivers.map((driver) => (
                <li key={driver.id}>
                  {driver.name} <StatusBadge status={driver.accountStatus} label={t(STATUS_KEY[driver.accountStatus])} />
                </li>
              ))}
            </ul>
          ) : null}
        </details>
      </div>
      <div className={styles.cardSide}>
        <OnlineSwitch on={agency.online} busy={patching.isPending || agency.accountStatus === 'Blocked'} label={t('onlineToggle', { name: agency.name })} onChange={(online) => patch({ online }, 'toggleFailed')} />
        <ActionMenu label={t('menuLabel', { name: agency.name })} items={items} />
      </div>
      {confirming ? (
        <ConfirmDialog
          texts={{ title: t('removeTitle', { name: agency.name }), body: t('removeBody'), confirm: t('confirmRemove'), cancel: t('keep') }}
          onConfirm={remove}
          onClose={() => setConfirming(false)}
        />
      ) : null}
    </li>
  );
}
