'use client';

import { useId, useState, type ReactNode } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocale, useTranslations } from 'next-intl';
import { api, typedCall, within } from '@/lib/api/typed-client';
import { createBlogSchema, slugify, type CreateBlog, type CreateBlogInput, type StoredImage } from '@/lib/blog/schemas';
import { languageOf } from '@/lib/i18n/markets';
import { Link } from '@/lib/i18n/navigation';
import ui from '@/components/ui/ui.module.css';
import { generateForPost, savePost } from './blog-api';
import { CoverUpload } from './cover-upload';
import styles from './blog.module.css';

const EMPTY: CreateBlogInput = { title: '', slug: '', keywords: '', description: '', image: '', imageWebp: null };

type Outcome = { ok: true; slug: string } | { ok: false; text: string };
type Generated = 'description' | 'keywords';

/** A stored post the form edits: its slug as saved and its values (language included). */
type EditedPost = { slug: string; values: CreateBlogInput };

/**
 * The blog form (docs/requirements/partner.md#writing-the-blog): a new post, or `editing` one (saved
 * with PUT, the post keeps its language). The submit button stays disabled while the form is invalid or submitting.
 */
export function BlogCreateForm({ editing }: { editing?: EditedPost }) {
  const t = useTranslations('BlogCreate');
  const uiLanguage = languageOf(useLocale());
  const language = editing?.values.language ?? uiLanguage;
  const id = useId();
  const form = useForm<CreateBlogInput, unknown, CreateBlog>({
    resolver: zodResolver(createBlogSchema),
    mode: 'onChange',
    defaultValues: editing?.values ?? EMPTY,
  });
  const [savedSlug, setSavedSlug] = useState(editing?.slug);
  const { errors, isSubmitting, isValid } = form.formState;
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState<Generated | null>(null);
  const [generateError, setGenerateError] = useState<{ field: Generated; text: string } | null>(null);
  const [uploadRound, setUploadRound] = useState(0);
  const [image, imageWebp] = useWatch({ control: form.control, name: ['image', 'imageWebp'] });

  const errorText = (key: string | undefined) =>
    key ? (t.has(`errors.${key}` as 'errors.titleRequired') ? t(`errors.${key}` as 'errors.titleRequired') : key) : undefined;

  const generate = async (field: Generated) => {
    setGenerateError(null);
    const { title, keywords } = form.getValues();
    if (!title.trim()) return setGenerateError({ field, text: t('titleFirst') });
    setBusy(field);
    const result = await generateForPost({ field, title, keywords, language });
    setBusy(null);
    if (result.ok && result.data.data) return form.setValue(field, result.data.data, { shouldValidate: true, shouldDirty: true });
    setGenerateError({ field, text: field === 'description' ? t('generateFailed') : t('keywordsFailed') });
  };

  const uploaded = (stored: StoredImage) => {
    form.setValue('image', stored.image, { shouldValidate: true, shouldDirty: true });
    form.setValue('imageWebp', stored.imageWebp, { shouldValidate: true });
  };
  const uploadFailed = (key: string | undefined) => (key ? form.setError('image', { message: key }) : form.clearErrors('image'));

  const submit = form.handleSubmit(async (input) => {
    setOutcome(null);
    const result = savedSlug ? await savePost(savedSlug, { ...input, language }) : await typedCall(api.blog.$post({ json: { ...input, language } }, within()));
    if (result.ok && result.data.success && savedSlug) {
      const slug = result.data.data?.slug ?? input.slug;
      setSavedSlug(slug);
      form.reset({ ...form.getValues(), slug });
      return setOutcome({ ok: true, slug });
    }
    if (result.ok && result.data.success) {
      form.reset(EMPTY);
      setSlugEdited(false);
      setUploadRound((n) => n + 1);
      return setOutcome({ ok: true, slug: result.data.data?.slug ?? input.slug });
    }
    const failed = savedSlug ? t('updateFailed') : t('failed');
    if (result.ok) return setOutcome({ ok: false, text: result.data.message || failed });
    const { code, field, key, message } = result.error;
    if (code === 'network') return setOutcome({ ok: false, text: savedSlug ? t('updateError') : t('error') });
    if (code === 'not_found') return setOutcome({ ok: false, text: t('postGone') });
    if (field && key && field in EMPTY) form.setError(field as FieldPath<CreateBlogInput>, { message: key }, { shouldFocus: true });
    setOutcome({ ok: false, text: errorText(key) ?? (message.replace(/^\w+: /, '') || failed) });
  });

  const field = (
    name: 'title' | 'slug' | 'keywords' | 'description',
    label: string,
    control: (props: { id: string; describedBy?: string; invalid?: true }) => ReactNode,
    extra?: { hint?: string; action?: ReactNode },
  ) => {
    const inputId = `${id}-${name}`;
    const message = errorText(errors[name]?.message) ?? (generateError && generateError.field === name ? generateError.text : undefined);
    const describedBy = [extra?.hint ? `${inputId}-hint` : '', message ? `${inputId}-error` : ''].filter(Boolean).join(' ') || undefined;
    return (
      <div className={ui.field}>
        <label htmlFor={inputId}>{label}</label>
        <div className={styles.row}>
          {control({ id: inputId, describedBy, invalid: errors[name] ? true : undefined })}
          {extra?.action}
        </div>
        {extra?.hint ? (
          <p id={`${inputId}-hint`} className={ui.hint}>
            {extra.hint}
          </p>
        ) : null}
        {message ? (
          <p id={`${inputId}-error`} role="alert" className={ui.error}>
            {message}
          </p>
        ) : null}
      </div>
    );
  };
  const generateButton = (target: Generated) => (
    <button
      type="button"
      className={`${ui.button} ${ui.secondary}`}
      aria-label={target === 'description' ? t('generateDescription') : t('generateKeywords')}
      disabled={busy !== null}
      aria-busy={busy === target}
      onClick={() => generate(target)}
    >
      {busy === target ? t('generating') : t('generate')}
    </button>
  );
  /** The slug follows the title until the partner edits the slug itself. */
  const [slugEdited, setSlugEdited] = useState(Boolean(editing));
  const followTitle = (title: string) => {
    if (slugEdited) return;
    form.setValue('slug', title.trim() ? slugify(title) : '', { shouldValidate: Boolean(title.trim()), shouldDirty: true });
  };

  return (
    <form className={styles.form} noValidate onSubmit={submit} aria-label={editing ? t('editTitle') : t('title')}>
      {field('title', t('titleLabel'), (p) => (
        <input
          id={p.id}
          className={ui.input}
          autoComplete="off"
          aria-invalid={p.invalid}
          aria-describedby={p.describedBy}
          {...form.register('title', {
            onChange: (event) => {
              setGenerateError(null);
              followTitle(event.target.value);
            },
          })}
        />
      ))}
      {field(
        'slug',
        t('slugLabel'),
        (p) => (
          <input
            id={p.id}
            className={ui.input}
            autoComplete="off"
            spellCheck={false}
            placeholder={t('slugPlaceholder')}
            aria-invalid={p.invalid}
            aria-describedby={p.describedBy}
            {...form.register('slug', { onChange: (event) => setSlugEdited(event.target.value !== '') })}
          />
        ),
        { hint: t('slugHint') },
      )}
      {field(
        'keywords',
        t('keywordsLabel'),
        (p) => (
          <input
            id={p.id}
            className={ui.input}
            autoComplete="off"
            placeholder={t('keywordsPlaceholder')}
            aria-invalid={p.invalid}
            aria-describedby={p.describedBy}
            {...form.register('keywords')}
          />
        ),
        { action: generateButton('keywords') },
      )}
      {field(
        'description',
        t('descriptionLabel'),
        (p) => (
          <textarea id={p.id} rows={6} className={ui.input} aria-invalid={p.invalid} aria-describedby={p.describedBy} {...form.register('description')} />
        ),
        { hint: t('descriptionHint'), action: generateButton('description') },
      )}
      <CoverUpload
        key={uploadRound}
        id={`${id}-image`}
        value={{ image, imageWebp }}
        error={errorText(errors.image?.message)}
        onUploaded={uploaded}
        onFailed={uploadFailed}
      />
      <button type="submit" className={`${ui.button} ${ui.primary}`} disabled={isSubmitting || !isValid}>
        {isSubmitting ? t('submitting') : editing ? t('save') : t('submit')}
      </button>
      {outcome?.ok ? (
        <p role="status" className={styles.success}>
          {editing ? t('updated') : t('success')} <Link href={`/blog/${outcome.slug}`}>{t('viewPost')}</Link>
        </p>
      ) : null}
      {outcome && !outcome.ok ? (
        <p role="alert" className={ui.error}>
          {outcome.text}
        </p>
      ) : null}
    </form>
  );
}
