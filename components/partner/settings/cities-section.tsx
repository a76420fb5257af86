'use client';

import { useDeferredValue, useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import ui from '@/components/ui/ui.module.css';
import screen from '../overview/screen.module.css';
import type { CitiesBody } from './api';
import { useCitySearch, useSaveCities } from './queries';
import { SectionForm, type SectionProps } from './section-form';
import { useFailureText } from './use-failure-text';
import styles from './settings.module.css';

type Item = CitiesBody['cities'][number];

/**
 * Service cities: search the gazetteer and add, remove, reorder, mark the
 * main city. Each change saves the whole list at once, so the rider site's
 * city list, place pages and sitemap follow immediately.
 */
export function CitiesSection({ settings, onSaved }: SectionProps) {
  const t = useTranslations('Settings');
  const save = useSaveCities();
  const failureText = useFailureText();
  const id = useId();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query.trim());
  const search = useCitySearch(deferred);
  const [error, setError] = useState<string>();
  const cities = settings.cities;
  const existing = (main: string | undefined): Item[] => cities.map((c) => ({ slug: c.slug, main: c.slug === main }));
  const mainSlug = cities.find((c) => c.main)?.slug;
  const write = (list: Item[], after?: () => void) => {
    setError(undefined);
    save.mutate({ cities: list }, { onSuccess: () => (after?.(), onSaved()), onError: (e) => setError(failureText(e).text) });
  };
  const move = (index: number, by: number) => {
    const list = existing(mainSlug);
    const [item] = list.splice(index, 1);
    list.splice(index + by, 0, item);
    write(list);
  };
  const suggestions = (search.data ?? []).filter((s) => !cities.some((c) => c.name.toLowerCase() === s.name.toLowerCase()));
  return (
    <SectionForm heading={t('cities.heading')} hint={t('cities.hint')}>
      {cities.length ? (
        <ol className={styles.cityList} aria-label={t('cities.heading')}>
          {cities.map((city, index) => (
            <li key={city.slug} className={styles.city}>
              <span className={styles.cityName}>{city.name}</span>
              {city.main ? (
                <span className={styles.badge}>{t('cities.main')}</span>
              ) : (
                <button
                  type="button"
                  className={`${ui.button} ${ui.secondary} ${styles.small}`}
                  disabled={save.isPending}
                  aria-label={t('cities.makeMainCity', { city: city.name })}
                  onClick={() => write(existing(city.slug))}
                >
                  {t('cities.makeMain')}
                </button>
              )}
              <button
                type="button"
                className={`${ui.button} ${ui.secondary} ${styles.small}`}
                disabled={save.isPending || index === 0}
                aria-label={t('cities.up', { city: city.name })}
                onClick={() => move(index, -1)}
              >
                ↑
              </button>
              <button
                type="button"
                className={`${ui.button} ${ui.secondary} ${styles.small}`}
                disabled={save.isPending || index === cities.length - 1}
                aria-label={t('cities.down', { city: city.name })}
                onClick={() => move(index, 1)}
              >
                ↓
              </button>
              <button
                type="button"
                className={`${ui.button} ${ui.secondary} ${styles.small}`}
                disabled={save.isPending}
                aria-label={t('cities.remove', { city: city.name })}
                onClick={() => write(existing(mainSlug).filter((c) => 'slug' in c && c.slug !== city.slug))}
              >
                ✕
              </button>
            </li>
          ))}
        </ol>
      ) : (
        <p className={ui.hint}>{t('cities.empty')}</p>
      )}
      <div className={screen.field}>
        <label htmlFor={`${id}-search`}>{t('cities.search')}</label>
        <input
          id={`${id}-search`}
          type="search"
          className={screen.control}
          value={query}
          autoComplete="off"
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      {deferred.length >= 2 && search.data ? (
        suggestions.length ? (
          <ul className={styles.suggestions} aria-label={t('cities.search')}>
            {suggestions.map((s) => (
              <li key={s.gazetteerId} className={styles.city}>
                <span className={styles.cityName}>
                  {s.name} <span className={ui.hint}>{s.countryName}</span>
                </span>
                <button
                  type="button"
                  className={`${ui.button} ${ui.primary} ${styles.small}`}
                  disabled={save.isPending}
                  aria-label={t('cities.addCity', { city: s.name })}
                  onClick={() => write([...existing(mainSlug), { gazetteerId: s.gazetteerId }], () => setQuery(''))}
                >
                  {t('cities.add')}
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className={ui.hint}>{t('cities.noResults', { query: deferred })}</p>
        )
      ) : null}
      {error ? (
        <p role="alert" className={screen.error}>
          {error}
        </p>
      ) : null}
    </SectionForm>
  );
}
