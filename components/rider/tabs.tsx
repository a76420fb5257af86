'use client';

import { useRef, type KeyboardEvent } from 'react';
import rides from './rides.module.css';

type Tab<K extends string> = { key: K; label: string };

/** `<id>-tab-<key>` labels the panel `<id>-panel-<key>` that the parent renders. */
export const tabIds = (id: string, key: string) => ({ tab: `${id}-tab-${key}`, panel: `${id}-panel-${key}` });

/** An ARIA tab list with arrow, Home and End keys (roving focus, automatic activation). */
export function Tabs<K extends string>({
  id,
  label,
  tabs,
  selected,
  onSelect,
}: {
  id: string;
  label: string;
  tabs: Tab<K>[];
  selected: K;
  onSelect: (key: K) => void;
}) {
  const list = useRef<HTMLDivElement>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.key === selected);
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[event.key];
    const next = event.key === 'Home' ? 0 : event.key === 'End' ? tabs.length - 1 : step === undefined ? -1 : (index + step + tabs.length) % tabs.length;
    if (next < 0) return;
    event.preventDefault();
    onSelect(tabs[next].key);
    list.current?.querySelector<HTMLButtonElement>(`#${CSS.escape(tabIds(id, tabs[next].key).tab)}`)?.focus();
  };

  return (
    <div ref={list} role="tablist" aria-label={label} className={rides.tabs} onKeyDown={onKeyDown}>
      {tabs.map((tab) => {
        const ids = tabIds(id, tab.key);
        const active = tab.key === selected;
        return (
          <button
            key={tab.key}
            id={ids.tab}
            type="button"
            role="tab"
            className={rides.tab}
            aria-selected={active}
            aria-controls={ids.panel}
            tabIndex={active ? 0 : -1}
            onClick={() => onSelect(tab.key)}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
