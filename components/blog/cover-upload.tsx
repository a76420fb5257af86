'use client';

import { useState, type ChangeEvent } from 'react';
import { useTranslations } from 'next-intl';
import { IMAGE_MAX_BYTES, IMAGE_TYPES, type StoredImage } from '@/lib/blog/schemas';
import ui from '@/components/ui/ui.module.css';
import { uploadCover } from './blog-api';
import { BlogCover } from './blog-cover';
import styles from './blog.module.css';

type Props = {
  id: string;
  value: { image: string; imageWebp: string | null | undefined };
  /** The form's message for the image field, already translated. */
  error?: string;
  onUploaded: (stored: StoredImage) => void;
  /** A `BlogCreate.errors` key, or undefined to clear. */
  onFailed: (key: string | undefined) => void;
};

/** The Image field: an upload in place of the original's inert Generate button (PNG, JPEG or WebP up to 5 MB), with a preview. */
export function CoverUpload({ id, value, error, onUploaded, onFailed }: Props) {
  const t = useTranslations('BlogCreate');
  const [uploading, setUploading] = useState(false);
  const [failed, setFailed] = useState<string | undefined>();

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setFailed(undefined);
    if (!file) return;
    if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return onFailed('imageType');
    if (file.size > IMAGE_MAX_BYTES) return onFailed('imageTooLarge');
    setUploading(true);
    const result = await uploadCover(file);
    setUploading(false);
    if (result.ok) {
      onFailed(undefined);
      return onUploaded(result.data);
    }
    if (result.error.key) return onFailed(result.error.key);
    setFailed(t('uploadFailed'));
  };

  const message = error ?? failed;
  return (
    <div className={ui.field}>
      <label htmlFor={id}>{t('imageLabel')}</label>
      <input
        id={id}
        type="file"
        accept={IMAGE_TYPES.join(',')}
        className={ui.input}
        aria-invalid={message ? true : undefined}
        aria-describedby={`${id}-hint${message ? ` ${id}-error` : ''}`}
        disabled={uploading}
        onChange={choose}
      />
      <p id={`${id}-hint`} className={ui.hint}>
        {uploading ? t('uploading') : t('imageHint')}
      </p>
      {message ? (
        <p id={`${id}-error`} role="alert" className={ui.error}>
          {message}
        </p>
      ) : null}
      {value.image ? (
        <figure className={styles.preview} aria-label={t('preview')}>
          <BlogCover image={value.image} imageWebp={value.imageWebp ?? null} alt={t('preview')} />
        </figure>
      ) : null}
    </div>
  );
}
