'use client';

import { useEffect, useState } from 'react';
import { useTranslations } from 'next-intl';
import ui from '@/components/ui/ui.module.css';
import styles from './hosting.module.css';

/** How long "Copied" stays next to the button, in milliseconds. */
const SHOWN_MS = 2500;

/** Selects the text of `element`, for the user to copy where the clipboard cannot be written (plain http, refused). */
function selectText(element: HTMLElement) {
  const selection = window.getSelection();
  if (!selection) return;
  const range = document.createRange();
  range.selectNodeContents(element);
  selection.removeAllRanges();
  selection.addRange(range);
}

/**
 * Copy for a DNS record's value (docs/requirements/partner.md#settings-integrations-and-domain): writes `value` to the clipboard and says
 * "Copied"; without a clipboard it selects the value (the element `targetId`) and says so.
 */
export function CopyButton({ value, targetId, label }: { value: string; targetId: string; label: string }) {
  const t = useTranslations('DomainSettings');
  const [state, setState] = useState<'idle' | 'copied' | 'selected'>('idle');
  useEffect(() => {
    if (state !== 'copied') return;
    const timer = setTimeout(() => setState('idle'), SHOWN_MS);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      const target = document.getElementById(targetId);
      if (target) selectText(target);
      setState('selected');
    }
  };
  return (
    <span className={styles.copy}>
      <button type="button" className={`${ui.button} ${ui.secondary} ${styles.small}`} aria-label={label} onClick={() => void copy()}>
        {t('copy')}
      </button>
      <span role="status" className={styles.copyState}>
        {state === 'copied' ? t('copied') : state === 'selected' ? t('copySelected') : ''}
      </span>
    </span>
  );
}
