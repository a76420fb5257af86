'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { formatDateTime, formatTime } from '@/lib/i18n/format';
import { minutesToDrive, roadKm } from '@/lib/dispatch/score';
import type { DriverPositionEvent } from '@/lib/driver/events';
import type { RideTracking } from '@/lib/rides/tracking';
import { queryKeys } from '@/lib/query-keys';
import { failureOf } from '@/components/data/fetch-data';
import { useSession } from '@/components/auth/session-store';
import { fetchRideTracking } from './api';
import { TrackMap } from './track-map';
import { useRideChannel } from './use-ride-channel';
import { useNow } from '@/components/ui/use-now';
import { MeetingPoint } from '@/components/flights/meeting-point';
import { MEETING_POINT_ANCHOR } from '@/lib/airports/meeting-link';
import styles from './track.module.css';

/** The track page refreshes the driver's position at least this often (docs/requirements/rider.md#tracking-a-ride); live moves come over the socket. */
const REFRESH_MS = 10_000;

type Problem = 'notFound' | 'linkInvalid' | 'linkExpired' | 'signIn';

function problemOf(status: number, code: string, viaLink: boolean): Problem {
  if (status === 410) return 'linkExpired';
  if (status === 401) return 'signIn';
  return viaLink && code === 'link_invalid' ? 'linkInvalid' : 'notFound';
}

const moved = (data: RideTracking, event: DriverPositionEvent): RideTracking =>
  data.driver ? { ...data, driver: { ...data.driver, position: { lat: event.lat, lng: event.lng, at: event.at, stale: false } } } : data;

/**
 * Track driver (docs/requirements/rider.md#tracking-a-ride): the driver and pickup markers and the line
 * between them, moved live over socket.io and refreshed every 10 s. With a
 * share token it works without signing in (read-only) until the ride ends.
 */
export function TrackDriver({ rideId, token }: { rideId: number | null; token?: string }) {
  const t = useTranslations('TrackDriver');
  const tStatus = useTranslations('PartnerRides');
  const locale = useLocale();
  const { status, me } = useSession();
  const client = useQueryClient();
  const now = useNow(30_000);
  const viaLink = token !== undefined;
  const ready = Boolean(rideId) && (viaLink || (status === 'ready' && Boolean(me)));
  const key = queryKeys.tracking.ride(rideId ?? 0, token);
  // First read, then every 10 s while the page is open; a refusal (ended link, signed out) stops it.
  const tracking = useQuery({
    queryKey: key,
    queryFn: () => fetchRideTracking(rideId ?? 0, token),
    enabled: ready,
    refetchInterval: (query) => (query.state.status === 'error' ? false : REFRESH_MS),
  });
  const failure = tracking.isError ? failureOf(tracking.error) : null;
  const problem: Problem | null = failure ? problemOf(failure.status, failure.code, viaLink) : null;
  const data = problem ? null : (tracking.data ?? null);

  // The driver's moves go straight into the cached ride; a status change reads it again.
  useRideChannel(rideId, token, ready && !problem, {
    onPosition: (event) => client.setQueryData<RideTracking>(key, (current) => (current ? moved(current, event) : current)),
    onStatus: () => void client.invalidateQueries({ queryKey: key }),
    onJoined: () => void client.invalidateQueries({ queryKey: key }),
  });

  const notice = (text: string, role: 'alert' | 'status') => (
    <section className={styles.track} aria-labelledby="track-title">
      <h1 id="track-title">{t('pageTitle')}</h1>
      <p role={role} aria-busy={role === 'status' || undefined}>
        {text}
      </p>
    </section>
  );
  if (!rideId || (problem && problem !== 'signIn')) return notice(t(problem ?? 'notFound'), 'alert');
  if (problem === 'signIn' || (!viaLink && status === 'ready' && !me)) return notice(t('signIn'), 'alert');
  if (!data) return notice(t('loading'), 'status');

  const position = data.driver?.position;
  const ended = data.status === 'completed' || data.status === 'cancelled';
  // on the way to the pickup, then on trip to the drop-off (a rental has none: the pickup stays the reference)
  const toDropoff = data.status === 'ontrip' && data.dropoff !== null;
  const target = toDropoff && data.dropoff ? data.dropoff : data.pickup;
  const km = position ? Math.round(roadKm(position, target) * 10) / 10 : null;
  const minutes = km === null ? null : minutesToDrive(km);
  const arrival = minutes === null ? null : formatTime(new Date(now + minutes * 60_000).toISOString(), locale);
  return (
    <section className={styles.track} aria-labelledby="track-title">
      <h1 id="track-title">{t('title', { id: data.rideId })}</h1>
      <p className={styles.status}>{tStatus(`tabs.${data.status}`)}</p>
      {data.readOnly ? <p className={styles.note}>{t('sharedView')}</p> : null}
      {ended ? (
        <p role="status" className={styles.note}>
          {t('ended')}
        </p>
      ) : null}
      {position && !ended ? (
        <TrackMap
          pickup={target}
          driver={position}
          label={t('mapLabel', { place: target.name })}
          caption={t(toDropoff ? 'distanceDropoff' : 'distance', { km: km ?? 0 })}
          driverLabel={t('driver')}
          pickupLabel={t(toDropoff ? 'dropoff' : 'pickup')}
          driverMarker={t('driverMarker')}
          pickupMarker={t(toDropoff ? 'dropoffMarker' : 'pickupMarker')}
        />
      ) : null}
      {!position && !ended ? (
        <p role="status" className={styles.note}>
          {!data.driver ? t('noDriver') : data.driver.sharesFrom ? t('sharesFrom', { time: formatDateTime(data.driver.sharesFrom, locale) }) : t('noPosition')}
        </p>
      ) : null}
      {position && !ended && minutes !== null && arrival ? (
        <p role="status" className={styles.eta}>
          {t(toDropoff ? 'etaDropoff' : 'etaPickup', { minutes, time: arrival })}
        </p>
      ) : null}
      {data.driver ? (
        <div className={styles.driverRow}>
          {data.driver.photo ? (
            // eslint-disable-next-line @next/next/no-img-element -- the operator's uploaded photo, already resized by the server
            <img src={data.driver.photo} alt={t('driverPhoto', { name: data.driver.name })} width={64} height={64} className={styles.driverPhoto} />
          ) : null}
          {data.driver.phone && !ended ? (
            <a className={styles.call} href={`tel:${data.driver.phone}`}>
              {t('call', { name: data.driver.name })}
            </a>
          ) : null}
        </div>
      ) : null}
      {data.driver ? (
        <dl className={styles.facts}>
          <dt>{t('driver')}</dt>
          <dd>{data.driver.name}</dd>
          {data.driver.vehicle ? (
            <>
              <dt>{t('vehicle')}</dt>
              <dd>{data.driver.vehicle}</dd>
            </>
          ) : null}
          {position ? (
            <>
              <dt>{t('updated')}</dt>
              <dd>
                {formatTime(position.at, locale)}
                {position.stale ? ` · ${t('stale')}` : ''}
              </dd>
            </>
          ) : null}
        </dl>
      ) : null}
      <p className={styles.note}>{t('pickupAt', { place: data.pickup.name })}</p>
      {data.meetingPoint && !ended ? <MeetingPoint point={data.meetingPoint} id={MEETING_POINT_ANCHOR} /> : null}
      {data.driver?.vehiclePhoto ? (
        // eslint-disable-next-line @next/next/no-img-element -- the operator's uploaded photo, already resized by the server
        <img
          src={data.driver.vehiclePhoto}
          alt={t('vehiclePhoto', { vehicle: data.driver.vehicle ?? '' })}
          className={styles.vehiclePhoto}
          width={320}
          height={180}
        />
      ) : null}
    </section>
  );
}
