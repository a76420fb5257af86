'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { apiCall } from '@/lib/api/client';
import type { Place } from '@/lib/db/schema/rides';
import type { PlaceSuggestion } from '@/lib/places/search';
import styles from './booking.module.css';

const DEBOUNCE_MS = 150;
const GEOLOCATION = { enableHighAccuracy: true, timeout: 10_000, maximumAge: 0 } as const;

/** A place search combobox over /api/places/search, with "use my current location" when asked. */
export function PlaceInput({
  label,
  value,
  onChange,
  error,
  withCurrentLocation = false,
}: {
  label: string;
  value: Place | null;
  onChange: (place: Place | null) => void;
  error?: string;
  withCurrentLocation?: boolean;
}) {
  const t = useTranslations('Booking');
  const lang = useLocale().split('-')[0];
  const id = useId();
  const [text, setText] = useState(value?.name ?? '');
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState<PlaceSuggestion[]>([]);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState<'idle' | 'searching' | 'locating' | 'located-failed'>('idle');
  const request = useRef(0);

  const [shownName, setShownName] = useState(value?.name);
  if (value?.name !== shownName) {
    // A place chosen elsewhere (current location, restored form) replaces the typed text.
    setShownName(value?.name);
    if (value) setText(value.name);
  }

  useEffect(() => {
    const query = text.trim();
    if (!open || !query || query === value?.name) return;
    const ticket = ++request.current;
    const timer = setTimeout(async () => {
      setStatus('searching');
      const result = await apiCall<{ data: PlaceSuggestion[] }>(`/api/places/search?q=${encodeURIComponent(query)}&lang=${lang}`);
      if (ticket !== request.current) return;
      setStatus('idle');
      setOptions(result.ok ? result.data.data : []);
      setActive(-1);
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, open, lang, value?.name]);

  const choose = (option: PlaceSuggestion) => {
    onChange({ lat: option.lat, lng: option.lng, name: option.name });
    setText(option.name);
    setOpen(false);
  };

  const locate = () => {
    if (!('geolocation' in navigator)) return setStatus('located-failed');
    setStatus('locating');
    navigator.geolocation.getCurrentPosition(
      async ({ coords }) => {
        const result = await apiCall<{ data: PlaceSuggestion }>(`/api/places/reverse?lat=${coords.latitude}&lng=${coords.longitude}&lang=${lang}`);
        if (!result.ok) return setStatus('located-failed');
        setStatus('idle');
        choose(result.data.data);
      },
      (failure) => {
        console.warn('geolocation failed', failure.message);
        setStatus('located-failed');
      },
      GEOLOCATION,
    );
  };

  const listId = `${id}-list`;
  const showList = open && text.trim() !== '' && text !== value?.name;
  const describedBy = [error ? `${id}-error` : '', status === 'located-failed' ? `${id}-located` : ''].filter(Boolean).join(' ') || undefined;

  return (
    <div className={styles.field}>
      <label htmlFor={`${id}-input`}>{label}</label>
      <div className={styles.combo}>
        <input
          id={`${id}-input`}
          className={styles.input}
          role="combobox"
          aria-expanded={showList && options.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={active >= 0 ? `${id}-opt-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          autoComplete="off"
          placeholder={t('placePlaceholder')}
          value={text}
          maxLength={100}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            if (value) onChange(null);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          onKeyDown={(event) => {
            if (!showList || !options.length) return;
            if (event.key === 'ArrowDown') {
              event.preventDefault();
              setActive((a) => (a + 1) % options.length);
            } else if (event.key === 'ArrowUp') {
              event.preventDefault();
              setActive((a) => (a <= 0 ? options.length - 1 : a - 1));
            } else if (event.key === 'Enter' && active >= 0) {
              event.preventDefault();
              choose(options[active]);
            } else if (event.key === 'Escape') setOpen(false);
          }}
        />
        {showList && !options.length ? (
          // A listbox holds options only: the search state is a status line in the same place.
          <p role="status" className={`${styles.options} ${styles.optionNote}`}>
            {t(status === 'searching' ? 'searching' : 'noPlaces')}
          </p>
        ) : null}
        {showList && options.length ? (
          <ul id={listId} role="listbox" aria-label={label} className={styles.options}>
            {options.map((option, index) => (
              <li
                key={`${option.name}-${option.lat}-${option.lng}`}
                id={`${id}-opt-${index}`}
                role="option"
                aria-selected={index === active}
                className={styles.option}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(option)}
              >
                <span>{option.name}</span>
                <span className={styles.optionDetail}>{option.detail}</span>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {withCurrentLocation ? (
        <button type="button" className={styles.linkButton} onClick={locate} disabled={status === 'locating'}>
          {status === 'locating' ? t('locating') : t('currentLocation')}
        </button>
      ) : null}
      {status === 'located-failed' ? <p id={`${id}-located`} className={styles.error}>{t('locationFailed')}</p> : null}
      {error ? <p id={`${id}-error`} className={styles.error}>{error}</p> : null}
    </div>
  );
}
