'use client';

import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import { PHOTO_MAX_BYTES, PHOTO_TYPES } from '@/lib/fleet/photo-limits';
import ui from '@/components/ui/ui.module.css';

/** The error key of a chosen file the server would refuse (type or size), or undefined. */
export function photoProblem(file: File): 'photoType' | 'photoTooLarge' | undefined {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return 'photoType';
  if (file.size > PHOTO_MAX_BYTES) return 'photoTooLarge';
  return undefined;
}

/** An optional photo file (PNG, JPEG or WebP up to 5 MB), checked when chosen; `onChange` gets the file or null. */
export function PhotoField({ label, onChange }: { label: string; onChange: (file: File | null) => void }) {
  const tv = useTranslations('Validation');
  const id = useId();
  const [error, setError] = useState<string>();
  return (
    <div className={ui.field}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="file"
        accept={PHOTO_TYPES.join(',')}
        className={ui.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          const file = event.target.files?.[0] ?? null;
          const problem = file ? photoProblem(file) : undefined;
          setError(problem ? tv(problem, { max: `${PHOTO_MAX_BYTES / 1024 / 1024} MB` }) : undefined);
          onChange(problem ? null : file);
        }}
      />
      {error ? (
        <p id={`${id}-error`} className={ui.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
