'use client';

import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from '@/lib/i18n/navigation';
import { useDismiss } from '@/components/ui/use-dismiss';
import styles from './controls.module.css';

export type MenuItem = {
  key: string;
  label: string;
  onSelect?: () => void;
  /** A link item (e.g. Track). */
  href?: { pathname: string; query?: Record<string, string> };
  /** Shown as a tooltip and read as the item's description while it is disabled. */
  disabledHint?: string;
  danger?: boolean;
};

/** A card's "more" menu (menu button pattern): arrow keys move, Escape and Tab close, focus returns to the button. */
export function ActionMenu({ label, items }: { label: string; items: MenuItem[] }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);

  const entries = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  useEffect(() => {
    if (open) menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [open]);
  // a press elsewhere closes; the menu's own keys (arrows, Escape, Tab) are below
  useDismiss(open, () => setOpen(false), [menu, button]);

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const list = entries();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      list[(to + list.length) % list.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(list.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') close(false);
  };

  return (
    <div className={styles.menuWrap}>
      <button
        ref={button}
        type="button"
        className={styles.menuButton}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <span aria-hidden="true">⋮</span>
      </button>
      {open ? (
        <ul ref={menu} id={`${id}-menu`} role="menu" aria-label={label} className={styles.menu} onKeyDown={onKeyDown}>
          {items.map((item) => {
            const hintId = `${id}-${item.key}-hint`;
            const disabled = Boolean(item.disabledHint);
            return (
              <li key={item.key} role="none" className={styles.menuEntry}>
                {item.href && !disabled ? (
                  <Link role="menuitem" tabIndex={-1} href={item.href} className={styles.menuItem} onClick={() => setOpen(false)}>
                    {item.label}
                  </Link>
                ) : (
                  <button
                    type="button"
                    role="menuitem"
                    tabIndex={-1}
                    className={styles.menuItem}
                    data-danger={item.danger || undefined}
                    aria-disabled={disabled || undefined}
                    aria-describedby={disabled ? hintId : undefined}
                    onClick={() => {
                      if (disabled) return;
                      close(true);
                      item.onSelect?.();
                    }}
                  >
                    {item.label}
                  </button>
                )}
                {disabled ? (
                  <span id={hintId} role="tooltip" className={styles.tooltip}>
                    {item.disabledHint}
                  </span>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
