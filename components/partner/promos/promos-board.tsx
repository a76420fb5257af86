'use client';

import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { queryKeys } from '@/lib/query-keys';
import { formatMoney } from '@/lib/i18n/format';
import { toMinor } from '@/lib/money/minor';
import ui from '@/components/ui/ui.module.css';
import screen from '../overview/screen.module.css';
import { useMoneyErrorText } from '../rides/use-money-error';
import { failureOf } from '@/components/data/fetch-data';
import { deletePromo, fetchPromos, setPromoActive, type PromoRow } from './api';
import { PromoForm } from './promo-form';
import styles from './promos.module.css';

/** The operator's codes as cards (terms, uses so far, share link, Pause or Resume, Edit, Delete) and the form for a new one. */
export function PromosBoard({ siteOrigin, currency }: { siteOrigin: string; currency: string }) {
  const t = useTranslations('Promos');
  const query = useQuery({ queryKey: queryKeys.partner.promos(), queryFn: fetchPromos });
  // null: no form open; 'new': a new code; a row: that code's terms
  const [editing, setEditing] = useState<PromoRow | 'new' | null>(null);
  const close = () => setEditing(null);

  return (
    <>
      {editing === null ? (
        <div>
          <button type="button" className={`${ui.button} ${ui.primary}`} onClick={() => setEditing('new')}>
            {t('newCode')}
          </button>
        </div>
      ) : (
        <section className={ui.card} aria-labelledby="promo-form-title">
          <h2 id="promo-form-title">{editing === 'new' ? t('newTitle') : t('editTitle', { code: editing.code })}</h2>
          <PromoForm key={editing === 'new' ? 'new' : editing.id} initial={editing === 'new' ? null : editing} currency={currency} onDone={close} />
        </section>
      )}
      {query.data ? (
        query.data.length ? (
          <ul className={styles.list}>
            {query.data.map((promo) => (
              <PromoCard key={promo.id} promo={promo} currency={currency} siteOrigin={siteOrigin} onEdit={() => setEditing(promo)} />
            ))}
          </ul>
        ) : (
          <p className={screen.muted}>{t('empty')}</p>
        )
      ) : (
        <p role="status">{query.isError ? t('loadError') : t('loading')}</p>
      )}
    </>
  );
}

function PromoCard({ promo, currency, siteOrigin, onEdit }: { promo: PromoRow; currency: string; siteOrigin: string; onEdit: () => void }) {
  const t = useTranslations('Promos');
  const locale = useLocale();
  const errorText = useMoneyErrorText();
  const client = useQueryClient();
  const [problem, setProblem] = useState<string>();
  const money = (major: number) => formatMoney(toMinor(major), currency, locale);
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.partner.promos() });
  const onError = (error: unknown) => setProblem(errorText(failureOf(error)));
  const toggle = useMutation({ mutationFn: () => setPromoActive(promo.id, !promo.active), onSuccess: refresh, onError });
  const remove = useMutation({ mutationFn: () => deletePromo(promo.id), onSuccess: refresh, onError });
  const discount =
    promo.kind === 'fixed'
      ? t('discountFixed', { amount: money(promo.value) })
      : promo.maxDiscount === null
        ? t('discountPercent', { percent: promo.value })
        : t('discountPercentCap', { percent: promo.value, cap: money(promo.maxDiscount) });
  const uses =
    promo.maxUses === null
      ? t('uses', { uses: promo.uses, amount: money(promo.discounted) })
      : t('usesOf', { uses: promo.uses, max: promo.maxUses, amount: money(promo.discounted) });
  const link = `${siteOrigin}/user/home?promo=${encodeURIComponent(promo.code)}`;

  return (
    <li className={`${ui.card} ${styles.card}`}>
      <h3 className={styles.code}>
        {promo.code} <span className={styles.badge}>{promo.active ? t('statusActive') : t('statusPaused')}</span>
      </h3>
      <p>{discount}</p>
      {promo.validFrom || promo.validTo ? <p className={screen.muted}>{t('validity', { from: promo.validFrom ?? '…', to: promo.validTo ?? '…' })}</p> : null}
      <p className={screen.muted}>{uses}</p>
      <p className={screen.muted}>
        {t('shareLink')} <code className={styles.link}>{link}</code>
      </p>
      <div className={styles.actions}>
        <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={onEdit}>
          {t('edit')}
        </button>
        <button type="button" className={`${ui.button} ${ui.secondary}`} disabled={toggle.isPending} onClick={() => toggle.mutate()}>
          {promo.active ? t('pause') : t('resume')}
        </button>
        {promo.uses === 0 ? (
          <button type="button" className={`${ui.button} ${ui.secondary}`} disabled={remove.isPending} onClick={() => remove.mutate()}>
            {t('delete')}
          </button>
        ) : null}
      </div>
      <p role="status" className={screen.error}>
        {problem ?? ''}
      </p>
    </li>
  );
}
