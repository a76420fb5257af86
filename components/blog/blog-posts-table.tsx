'use client';

import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { queryKeys } from '@/lib/query-keys';
import { Link } from '@/lib/i18n/navigation';
import { loadStatus } from '@/components/data/query-status';
import { failureOf } from '@/components/data/fetch-data';
import ui from '@/components/ui/ui.module.css';
import { LoadState } from '@/components/partner/overview/load-state';
import { ConfirmDialog } from '@/components/partner/fleet/confirm-dialog';
import { Paginator } from '@/components/partner/customers/paginator';
import table from '@/components/partner/customers/table.module.css';
import screen from '@/components/partner/overview/screen.module.css';
import type { ConsoleArea } from '@/components/partner/sections';
import { deletePost, fetchPostsPage, type PostRow } from './blog-api';

/** Posts a page of the list shows. */
const PAGE_SIZE = 25;

/** The operator's posts (docs/requirements/partner.md#writing-the-blog): title, language, date, status, Edit, and Delete behind a confirmation. */
export function BlogPostsTable({ area }: { area: ConsoleArea }) {
  const t = useTranslations('BlogPosts');
  const locale = useLocale();
  const client = useQueryClient();
  const [page, setPage] = useState(0);
  const [asking, setAsking] = useState<PostRow | null>(null);
  const [notice, setNotice] = useState('');
  const posts = useQuery({ queryKey: queryKeys.partner.blogPosts(page), queryFn: () => fetchPostsPage(page, PAGE_SIZE) });
  const languages = new Intl.DisplayNames([locale], { type: 'language' });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });

  const remove = async (post: PostRow) => {
    const failed = await deletePost(post.slug).then(
      () => null,
      (error: unknown) => failureOf(error),
    );
    setAsking(null);
    setNotice(failed ? t('deleteFailed') : t('deleted'));
    await client.invalidateQueries({ queryKey: ['partner', 'blog-posts'] });
  };

  if (!posts.data) {
    return (
      <LoadState
        status={loadStatus(posts) === 'error' ? 'error' : 'loading'}
        loading={t('loading')}
        error={t('loadError')}
        retry={t('retry')}
        onRetry={() => void posts.refetch()}
      />
    );
  }
  return (
    <>
      <p role="status" className={screen.muted}>
        {notice}
      </p>
      {posts.data.posts.length ? (
        <div className={table.scroller}>
          <table className={table.table}>
            <caption className="visually-hidden">{t('title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('columnTitle')}</th>
                <th scope="col">{t('columnLanguage')}</th>
                <th scope="col">{t('columnDate')}</th>
                <th scope="col">{t('columnStatus')}</th>
                <th scope="col">{t('columnActions')}</th>
              </tr>
            </thead>
            <tbody>
              {posts.data.posts.map((post) => (
                <tr key={post.slug}>
                  <th scope="row">{post.title}</th>
                  <td>{languages.of(post.language) ?? post.language}</td>
                  <td className={table.nowrap}>
                    <time dateTime={post.createdAt}>{date.format(new Date(post.createdAt))}</time>
                  </td>
                  <td>
                    <span className={table.badge}>{t('published')}</span>
                  </td>
                  <td className={table.nowrap}>
                    <Link
                      href={`/${area}/blog/edit/${post.slug}`}
                      className={`${ui.button} ${ui.secondary}`}
                      aria-label={t('editLabel', { title: post.title })}
                    >
                      {t('edit')}
                    </Link>{' '}
                    <button
                      type="button"
                      className={`${ui.button} ${ui.secondary}`}
                      aria-label={t('deleteLabel', { title: post.title })}
                      onClick={() => setAsking(post)}
                    >
                      {t('delete')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className={`${ui.card} ${screen.muted}`}>{t('empty')}</p>
      )}
      {posts.data.total > PAGE_SIZE ? <Paginator page={page} size={PAGE_SIZE} total={posts.data.total} onPage={setPage} /> : null}
      {asking ? (
        <ConfirmDialog
          texts={{ title: t('confirmTitle'), body: t('confirmBody', { title: asking.title }), confirm: t('confirmDelete'), cancel: t('keep') }}
          onConfirm={() => remove(asking)}
          onClose={() => setAsking(null)}
        />
      ) : null}
    </>
  );
}
