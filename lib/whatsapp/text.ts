import { createTranslator } from 'next-intl';
import type { AgentData, ChatMessageView } from '@/lib/chat/contract';
import { formatMoney } from '@/lib/i18n/format';
import { DEFAULT_LOCALE_TAG, isCountryCode, resolveLanguage, toLocaleTag } from '@/lib/i18n/markets';
import { loadMessages } from '@/lib/i18n/messages';

/** The language a tenant's WhatsApp conversations are held in (its own country and language). */
export function tenantLocale(tenant: { countryCode: string; language: string }): string {
  return isCountryCode(tenant.countryCode)
    ? toLocaleTag({ country: tenant.countryCode, lang: resolveLanguage(tenant.countryCode, tenant.language) })
    : DEFAULT_LOCALE_TAG;
}

export async function botTranslator(locale: string) {
  const messages = await loadMessages(locale);
  return {
    t: createTranslator({ locale, messages, namespace: 'WhatsAppBot' }),
    vehicle: createTranslator({ locale, messages, namespace: 'VehicleTypes' }),
  };
}

type Translators = Awaited<ReturnType<typeof botTranslator>>;

/** What a chat card shows, spelled out for a text-only channel (the reply itself already says what to answer). */
function cardText({ t, vehicle }: Translators, locale: string, data: AgentData | undefined): string[] {
  if (!data) return [];
  const money = (minor: number, currency: string) => formatMoney(minor, currency, locale);
  switch (data.kind) {
    case 'quotes':
      return [
        data.options
          .map((o) => {
            const name = o.nonAc ? vehicle('nonAc', { vehicle: vehicle(o.vehicleType) }) : vehicle(o.vehicleType);
            return t('quoteLine', { vehicle: name, total: money(o.total, data.currency) });
          })
          .join('\n'),
      ];
    case 'booked':
      return [t('bookedFooter', { id: data.rideId, total: money(data.total, data.currency), cashback: money(data.cashbackAmount, data.currency) })];
    default:
      return [];
  }
}

/** An agent reply as one WhatsApp text: the reply, then its cards as lines. */
export function replyText(translators: Translators, locale: string, reply: ChatMessageView): string {
  return [reply.content.message.trim(), ...cardText(translators, locale, reply.data)].filter(Boolean).join('\n\n');
}
