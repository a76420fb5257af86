'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import ui from '@/components/ui/ui.module.css';

/** Copies a link to the clipboard and says so. */
export function CopyLink({ url }: { url: string }) {
  const t = useTranslations('Apps');
  const [copied, setCopied] = useState(false);
  return (
    <>
      <button
        type="button"
        className={`${ui.button} ${ui.secondary}`}
        onClick={async () => {
          await navigator.clipboard?.writeText(url).then(
            () => setCopied(true),
            () => setCopied(false),
          );
        }}
      >
        {t('copy')}
      </button>
      <span role="status">{copied ? t('copied') : ''}</span>
    </>
  );
}
