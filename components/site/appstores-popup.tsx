'use client';

import { useId, useState } from 'react';
import { Link, useRouter } from '@/lib/i18n/navigation';
import { useHydrationStore } from '@/components/ui/hydration-store';
import { useModalDialog } from '@/components/ui/use-modal-dialog';
import auth from '@/components/auth/auth.module.css';
import { APPSTORES_SHOWN_KEY, runAppStart } from './app-start';
import styles from './popups.module.css';

export type AppLink = { href: string; title: string; body: string };
export type AppStoresLabels = { title: string; intro: string; close: string };

/** Decided once per page load: shown unless it was already shown since the app started. */
let decision: boolean | undefined;
function shouldOpen(): boolean {
  if (decision === undefined) {
    runAppStart();
    decision = localStorage.getItem(APPSTORES_SHOWN_KEY) !== 'true';
    if (decision) localStorage.setItem(APPSTORES_SHOWN_KEY, 'true');
  }
  return decision;
}

/** The app-stores popup of /appstores (docs/requirements/rider.md#the-rider-home-and-its-popups): links to the :role/app install pages; closing goes to the rider home. */
export function AppStoresPopup({ labels, apps, homeHref }: { labels: AppStoresLabels; apps: AppLink[]; homeHref: string }) {
  // Decided in the browser only, on the first render after hydration.
  const open = useHydrationStore((s) => s.hydrated) && shouldOpen();
  const [closed, setClosed] = useState(false);
  const router = useRouter();
  if (!open || closed) return null;
  const close = () => {
    decision = false;
    setClosed(true);
    router.replace(homeHref);
  };
  return <AppStoresDialog labels={labels} apps={apps} onClose={close} />;
}

function AppStoresDialog({ labels, apps, onClose }: { labels: AppStoresLabels; apps: AppLink[]; onClose: () => void }) {
  const dialog = useModalDialog();
  const id = useId();
  return (
    <dialog
      ref={dialog}
      className={auth.dialog}
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={`${id}-title`}>{labels.title}</h2>
      <p>{labels.intro}</p>
      <ul className={styles.apps}>
        {apps.map((app) => (
          <li key={app.href}>
            <Link href={app.href} className={styles.app}>
              <strong>{app.title}</strong>
              <span>{app.body}</span>
            </Link>
          </li>
        ))}
      </ul>
      <button type="button" className={auth.link} onClick={onClose}>
        {labels.close}
      </button>
    </dialog>
  );
}
