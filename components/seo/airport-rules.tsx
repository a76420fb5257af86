import { getTranslations } from 'next-intl/server';
import { formatMoney } from '@/lib/i18n/format';
import type { AirportRulesView } from '@/lib/seo/catalogue/airport-rules';
import ui from '@/components/ui/ui.module.css';

/**
 * The operator's own rules at an airport: where the driver meets the rider, free waiting, and what waiting
 * past it costs; each one says plainly when the operator has not set it.
 */
export async function AirportRules({
  rules,
  title,
  businessName,
  currency,
  locale,
  lang,
}: {
  rules: AirportRulesView;
  title: string;
  businessName: string;
  currency: string;
  locale: string;
  lang: string;
}) {
  const t = await getTranslations('AirportPage');
  const tv = await getTranslations('VehicleTypes');
  const notSet = t('notSet', { businessName });
  const meeting = rules.meetingPoint && (rules.meetingPoint[lang] ?? Object.values(rules.meetingPoint)[0]);
  const waiting = rules.waiting;
  return (
    <section className={ui.section} aria-labelledby="rules">
      <h2 id="rules">{title}</h2>
      <dl>
        <dt>{t('meetingPoint')}</dt>
        <dd>{meeting ?? notSet}</dd>
        <dt>{t('freeWaiting')}</dt>
        <dd>{rules.freeWaitingMinutes === null ? notSet : t('freeWaitingValue', { minutes: rules.freeWaitingMinutes })}</dd>
        <dt>{t('waitingCharge')}</dt>
        <dd>
          {waiting
            ? waiting.charges
                .map((c) =>
                  t('waitingChargeValue', { vehicle: tv(c.vehicleType), amount: formatMoney(c.perBlock, currency, locale), minutes: waiting.blockMinutes }),
                )
                .join(' · ')
            : notSet}
        </dd>
      </dl>
    </section>
  );
}
