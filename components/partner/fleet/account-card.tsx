'use client';

import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import type { AccountStatus } from '@/lib/db/schema/fleet';
import { ACTION_FOR_STATUS, type StatusAction } from '@/lib/fleet/schemas';
import { ActionMenu, type MenuItem } from './action-menu';
import { useRemoveConfirm } from './confirm-dialog';
import { useFleetStore } from './fleet-store';
import { failureOf } from '@/components/data/fetch-data';
import { useApiErrorText } from '@/components/ui/use-api-error';
import { initials, OnlineBadge, OnlineSwitch, STATUS_KEY, StatusBadge } from './fleet-ui';
import { PhoneNumber } from '@/components/ui/phone-link';
import styles from './fleet.module.css';

const DONE_KEY = { verify: 'verified', block: 'blocked', unblock: 'unblocked' } as const;

type Account = {
  id: number;
  name: string;
  phoneCode: string;
  phone: string;
  place: string | null;
  accountStatus: AccountStatus;
  online: boolean;
  photoUrl?: string | null;
};
type AccountPatch = { action: StatusAction } | { online: boolean };

/**
 * A driver or travel company: initials, name, status and online badges, place,
 * phone, the online switch and the menu (status action, the card's `items`,
 * Remove behind a confirmation). `beforePhone`/`afterPhone` hold its own lines.
 */
export function AccountCard({
  namespace,
  account,
  patching,
  removeAccount,
  items = [],
  beforePhone,
  afterPhone,
  children,
}: {
  namespace: 'FleetDrivers' | 'FleetAgencies';
  account: Account;
  patching: {
    mutate: (change: { id: number; body: AccountPatch }, handlers: { onError: (error: unknown) => void; onSuccess: () => void }) => void;
    isPending: boolean;
  };
  removeAccount: (id: number) => Promise<unknown>;
  items?: MenuItem[];
  beforePhone?: ReactNode;
  afterPhone?: ReactNode;
  children?: ReactNode;
}) {
  const t = useTranslations(namespace);
  const showSnackbar = useFleetStore((s) => s.showSnackbar);
  const errorText = useApiErrorText();
  const removal = useRemoveConfirm(namespace, t('removeTitle', { name: account.name }), () => removeAccount(account.id));
  const phone = `+${account.phoneCode} ${account.phone}`;

  const patch = (body: AccountPatch, failure: 'actionFailed' | 'toggleFailed') =>
    patching.mutate(
      { id: account.id, body },
      {
        onError: (error) => {
          // A refusal that names its reason (a driver holding an open ride cannot be blocked) says it.
          const failed = failureOf(error);
          showSnackbar(failed.key ? errorText(failed) : t(failure), 'failure', t('close'));
        },
        onSuccess: () => {
          if ('action' in body) showSnackbar(t(DONE_KEY[body.action], { name: account.name }), 'success', t('close'));
        },
      },
    );

  const action = ACTION_FOR_STATUS[account.accountStatus];
  const menu: MenuItem[] = [
    { key: action, label: t(action), onSelect: () => patch({ action }, 'actionFailed') },
    ...items,
    { key: 'remove', label: t('remove'), danger: true, onSelect: removal.ask },
  ];

  return (
    <li className={styles.card}>
      {account.photoUrl ? (
        // eslint-disable-next-line @next/next/no-img-element -- an uploaded photo, already resized by the server
        <img src={account.photoUrl} alt="" width={48} height={48} className={styles.avatarPhoto} loading="lazy" />
      ) : (
        <span className={styles.avatar} aria-hidden="true">
          {initials(account.name)}
        </span>
      )}
      <div className={styles.cardMain}>
        <h2 className={styles.cardTitle}>{account.name}</h2>
        <p className={styles.badges}>
          <StatusBadge status={account.accountStatus} label={t(STATUS_KEY[account.accountStatus])} />
          <OnlineBadge online={account.online} label={t(account.online ? 'online' : 'offline')} />
        </p>
        {account.place ? <p className={styles.meta}>{account.place}</p> : null}
        {beforePhone}
        <PhoneNumber className={styles.phone} e164={`+${account.phoneCode}${account.phone}`} display={phone} label={t('phone', { phone })} />
        {afterPhone}
      </div>
      <div className={styles.cardSide}>
        <OnlineSwitch
          on={account.online}
          busy={patching.isPending || account.accountStatus === 'Blocked'}
          label={t('onlineToggle', { name: account.name })}
          onChange={(online) => patch({ online }, 'toggleFailed')}
        />
        <ActionMenu label={t('menuLabel', { name: account.name })} items={menu} />
      </div>
      {removal.dialog}
      {children}
    </li>
  );
}
