'use client';

import { useEffect, useState } from 'react';
import { useSession } from '@/components/auth/session-store';
import { runAppStart } from '@/components/site/app-start';
import ui from '@/components/ui/ui.module.css';
import { useBannerStore } from './banner-store';
import { ensureSubscription, playNotificationSound, scheduleServiceWorker, sendStoredSubscription } from './push-client';
import { usePushMessages } from './use-push-messages';
import styles from './notification-banner.module.css';

export type BannerLabels = { region: string; text: string; enable: string; close: string };

/**
 * The notification banner (docs/requirements/rider.md#notifications), and the page's side of
 * push: registers the service worker when idle, keeps this device subscribed
 * once permission is granted, sends the subscription after sign-in, and plays
 * the notification sound on each push.
 */
export function NotificationBanner({ labels }: { labels: BannerLabels }) {
  const state = useBannerStore((s) => s.state);
  const sync = useBannerStore((s) => s.sync);
  const enable = useBannerStore((s) => s.enable);
  const close = useBannerStore((s) => s.close);
  const userId = useSession().me?.user_id;
  const [subscribed, setSubscribed] = useState(0);

  useEffect(() => {
    runAppStart();
    scheduleServiceWorker();
    // The permission is the browser's: read once the page is hydrated ('pending' in the server HTML).
    sync();
  }, [sync]);
  useEffect(() => {
    if (state === 'unsupported') console.warn('This browser does not support notifications');
    if (state !== 'granted') return;
    let live = true;
    void ensureSubscription().then((json) => {
      if (live && json) setSubscribed((n) => n + 1);
    });
    return () => {
      live = false;
    };
  }, [state]);
  useEffect(() => {
    if (userId) void sendStoredSubscription(userId);
  }, [userId, subscribed]);
  usePushMessages(playNotificationSound);

  if (state !== 'default' && state !== 'denied') return null;
  return (
    <>
      <div className={styles.spacer} aria-hidden="true" />
      <section className={styles.banner} aria-label={labels.region}>
        <p className={styles.text}>{labels.text}</p>
        <button type="button" className={`${ui.button} ${ui.primary}`} onClick={() => void enable()}>
          {labels.enable}
        </button>
        <button type="button" className={styles.close} aria-label={labels.close} onClick={close}>
          <span aria-hidden="true">×</span>
        </button>
      </section>
    </>
  );
}
