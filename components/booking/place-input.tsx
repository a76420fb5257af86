'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import type { Place } from '@/lib/booking/vocabulary';
import ui from '@/components/ui/ui.module.css';
import type { PlaceSuggestion } from './api';
import styles from './booking.module.css';

const DEBOUNCE_MS = 150;
const GEOLOCATION = { enableHighAccuracy: true, timeout: 10_000, maximumAge: 0 } as const;
const NONE: PlaceSuggestion[] = [];
/** The searches (react-query and the API client), loaded when a place is first searched or located. */
const placeSearch = () => import('./place-search');

/** A place search combobox over /api/places/search, with "use my current location" when asked. */
export function PlaceInput({
  label,
  value,
  onChange,
  onTextChange,
  onBlur,
  error,
  withCurrentLocation = false,
}: {
  label: string;
  value: Place | null;
  onChange: (place: Place | null) => void;
  /** The text in the field as the rider types (a picked place's name once picked). */
  onTextChange?: (text: string) => void;
  /** The rider left the field (errors about typed text show from then on). */
  onBlur?: () => void;
  error?: string;
  withCurrentLocation?: boolean;
}) {
  const t = useTranslations('Booking');
  const lang = useLocale().split('-')[0];
  const id = useId();
  const [text, setText] = useState(value?.name ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState<'idle' | 'locating' | 'located-failed'>('idle');
  // The last answer's options stay shown until the next search answers; a failed search shows none.
  const [options, setOptions] = useState<PlaceSuggestion[]>(NONE);
  const [searching, setSearching] = useState(false);
  /** Only the latest search may change the options. */
  const latest = useRef(0);

  const [shownName, setShownName] = useState(value?.name);
  if (value?.name !== shownName) {
    // A place chosen elsewhere (current location, restored form) replaces the typed text.
    setShownName(value?.name);
    if (value) setText(value.name);
    // cleared elsewhere (the airport moved to the other field): the old name goes too, typed text stays
    else if (text === shownName) setText('');
  }

  useEffect(() => {
    const query = text.trim();
    if (!open || !query || query === value?.name) return;
    const timer = setTimeout(() => {
      const ticket = ++latest.current;
      setSearching(true);
      const settle = (found: PlaceSuggestion[]) => {
        if (ticket !== latest.current) return;
        // A new answer: nothing is highlighted.
        setOptions(found);
        setActive(-1);
        setSearching(false);
      };
      placeSearch()
        .then(({ findPlaces }) => findPlaces(query, lang))
        .then(settle, () => settle(NONE));
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, open, value?.name, lang]);

  const choose = (option: PlaceSuggestion) => {
    onChange({ lat: option.lat, lng: option.lng, name: option.name });
    setText(option.name);
    setOpen(false);
  };

  const locate = () => {
    if (!('geolocation' in navigator)) return setStatus('located-failed');
    setStatus('locating');
    navigator.geolocation.getCurrentPosition(
      ({ coords }) =>
        placeSearch()
          .then(({ placeAt }) => placeAt(coords.latitude, coords.longitude, lang))
          .then(
            (place) => {
              setStatus('idle');
              choose(place);
            },
            () => setStatus('located-failed'),
          ),
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
    <div className={ui.field}>
      <label htmlFor={`${id}-input`}>{label}</label>
      <div className={styles.combo}>
        <input
          id={`${id}-input`}
          className={ui.input}
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
            onTextChange?.(event.target.value);
            setOpen(true);
            if (value) onChange(null);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => {
            setTimeout(() => setOpen(false), 150);
            onBlur?.();
          }}
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
            {t(searching ? 'searching' : 'noPlaces')}
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
      {status === 'located-failed' ? (
        <p id={`${id}-located`} className={ui.error}>
          {t('locationFailed')}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={ui.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
