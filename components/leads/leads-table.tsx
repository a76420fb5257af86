'use client';

import { useLocale, useTranslations } from 'next-intl';
import type { LeadRow } from '@/lib/tracking/report';
import { formatDateTime } from '@/lib/i18n/format';
import table from '@/components/partner/customers/table.module.css';
import { PhoneNumber } from '@/components/ui/phone-link';

/** The business's leads of a date range: contact form, campaign pages and the lead call, newest first. */
export function LeadsTable({ leads, timeZone }: { leads: LeadRow[]; timeZone: string }) {
  const t = useTranslations('Leads');
  const locale = useLocale();
  const option = (key: string | null) =>
    key && t.has(`lookingForOptions.${key}` as 'lookingForOptions.product') ? t(`lookingForOptions.${key}` as 'lookingForOptions.product') : (key ?? '');
  const from = (lead: LeadRow) =>
    lead.campaign && t.has(`campaigns.${lead.campaign}` as 'campaigns.campaign-driver')
      ? t(`campaigns.${lead.campaign}` as 'campaigns.campaign-driver')
      : t(`sources.${lead.source}`);
  if (!leads.length) return <p>{t('empty')}</p>;
  return (
    <div className={table.scroller}>
      <table className={table.table}>
        <caption className="visually-hidden">{t('caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('date')}</th>
            <th scope="col">{t('name')}</th>
            <th scope="col">{t('contact')}</th>
            <th scope="col">{t('company')}</th>
            <th scope="col">{t('source')}</th>
            <th scope="col">{t('lookingFor')}</th>
            <th scope="col">{t('message')}</th>
          </tr>
        </thead>
        <tbody>
          {leads.map((lead) => (
            <tr key={lead.id}>
              <td className={table.nowrap}>{formatDateTime(lead.createdAt, locale, timeZone)}</td>
              <th scope="row">{lead.name}</th>
              <td>
                {lead.email ? <a href={`mailto:${lead.email}`}>{lead.email}</a> : null}
                {lead.email && lead.phone ? <br /> : null}
                {lead.phone ? <PhoneNumber e164={lead.phone} display={lead.phone} /> : null}
              </td>
              <td>{lead.company}</td>
              <td>{from(lead)}</td>
              <td>{option(lead.lookingFor)}</td>
              <td>{lead.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
