'use client';

import { useId, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { api, typedCall, within } from '@/lib/api/typed-client';
import { Link } from '@/lib/i18n/navigation';
import { getPathname } from '@/lib/i18n/locale-href';
import ui from '@/components/ui/ui.module.css';
import styles from './track.module.css';

type State = { kind: 'idle' | 'busy' | 'error' } | { kind: 'ready'; url: string; copied: boolean };

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The rider's Track and Share buttons on a ride with a driver: Share creates
 * a read-only tracking link, shows it, and hands it to the phone's share
 * sheet (or copies it). The link dies when the ride ends.
 */
export function ShareRideLink({ rideId }: { rideId: number }) {
  const t = useTranslations('RiderRides');
  const locale = useLocale();
  const id = useId();
  const [state, setState] = useState<State>({ kind: 'idle' });

  const share = async () => {
    setState({ kind: 'busy' });
    const result = await typedCall(api.rides[':id'].share.$post({ param: { id: String(rideId) } }, within()));
    if (!result.ok) return setState({ kind: 'error' });
    const path = getPathname({ href: { pathname: '/track/driver', query: { rideId: String(rideId), token: result.data.data.token } }, locale });
    const url = new URL(path, window.location.origin).toString();
    setState({ kind: 'ready', url, copied: false });
    if (typeof navigator.share === 'function') {
      // Dismissing the share sheet is fine: the link stays on screen.
      await navigator.share({ title: t('shareTitle', { id: rideId }), url }).catch(() => undefined);
    } else if (await copyText(url)) {
      setState({ kind: 'ready', url, copied: true });
    }
  };

  return (
    <div className={styles.share}>
      <div className={styles.shareActions}>
        <Link href={{ pathname: '/track/driver', query: { rideId: String(rideId) } }} className={`${ui.button} ${ui.secondary}`}>
          {t('shareTrack')}
        </Link>
        <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={() => void share()} disabled={state.kind === 'busy'}>
          {state.kind === 'busy' ? t('shareBusy') : t('share')}
        </button>
      </div>
      {state.kind === 'ready' ? (
        <div className={styles.shareLink}>
          <label htmlFor={`${id}-link`}>{t('shareLinkLabel')}</label>
          <input id={`${id}-link`} readOnly value={state.url} onFocus={(event) => event.currentTarget.select()} />
          <button
            type="button"
            className={`${ui.button} ${ui.secondary}`}
            onClick={() => void copyText(state.url).then((copied) => setState({ ...state, copied }))}
          >
            {t('shareCopy')}
          </button>
          <p role="status">{state.copied ? t('shareCopied') : t('shareHint')}</p>
        </div>
      ) : null}
      {state.kind === 'error' ? <p role="alert">{t('shareFailed')}</p> : null}
    </div>
  );
}
