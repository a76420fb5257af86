import { endpoint } from '@/lib/api/endpoint';
import { formatPhone } from '@/lib/tenancy/contact';

/** The business data a client needs at start (docs/requirements/rider.md#the-rider-home-and-its-popups), in the field names clients read. */
export const GET = endpoint({}, async ({ tenant, mode }) => ({
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
