import { route } from '@/lib/api/handler';
import { formatPhone } from '@/lib/tenancy/contact';

export const dynamic = 'force-dynamic';

/** The business data a client needs at start (spec 000 §1), in the spec's field names. */
export const GET = route({}, async ({ tenant, mode }) => ({
  success: true,
  data: {
    business_lp_id: tenant.id,
    business_name: tenant.name,
    business_phone_number: formatPhone(tenant)?.digits.slice(tenant.phoneCode.length) ?? '',
    business_country_code: tenant.countryCode,
    phone_code: tenant.phoneCode,
    country_lang: tenant.language,
    domain_name: tenant.domain ?? '',
    logo_url: tenant.logoUrl ?? '',
    banner_url: tenant.bannerUrl ?? '',
    currency: tenant.currency,
    host_mode: mode,
  },
}));
