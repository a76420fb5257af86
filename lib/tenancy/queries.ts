import { and, asc, desc, eq } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/db/client';
import { businesses, serviceAreas, type Business, type ServiceArea } from '@/lib/db/schema';

/** Public facts of a tenant that pages and the client may see. */
export type Tenant = Pick<
  Business,
  | 'id'
  | 'slug'
  | 'name'
  | 'shortName'
  | 'email'
  | 'phoneCode'
  | 'phone'
  | 'whatsappPhone'
  | 'countryCode'
  | 'language'
  | 'languages'
  | 'domain'
  | 'logoUrl'
  | 'bannerUrl'
  | 'iconBase'
  | 'brandColor'
  | 'currency'
  | 'timeZone'
  | 'settingsUpdatedAt'
>;

const tenantColumns = {
  id: businesses.id,
  slug: businesses.slug,
  name: businesses.name,
  shortName: businesses.shortName,
  email: businesses.email,
  phoneCode: businesses.phoneCode,
  phone: businesses.phone,
  whatsappPhone: businesses.whatsappPhone,
  countryCode: businesses.countryCode,
  language: businesses.language,
  languages: businesses.languages,
  domain: businesses.domain,
  logoUrl: businesses.logoUrl,
  bannerUrl: businesses.bannerUrl,
  iconBase: businesses.iconBase,
  brandColor: businesses.brandColor,
  currency: businesses.currency,
  timeZone: businesses.timeZone,
  settingsUpdatedAt: businesses.settingsUpdatedAt,
};

export async function findTenantBySlug(slug: string, db?: Db): Promise<Tenant | undefined> {
  const conn = db ?? (await getDb());
  const rows = await conn
    .select(tenantColumns)
    .from(businesses)
    .where(and(eq(businesses.slug, slug), eq(businesses.status, 'active')))
    .limit(1);
  return rows[0];
}

export async function findTenantById(id: number, db?: Db): Promise<Tenant | undefined> {
  const conn = db ?? (await getDb());
  const rows = await conn
    .select(tenantColumns)
    .from(businesses)
    .where(and(eq(businesses.id, id), eq(businesses.status, 'active')))
    .limit(1);
  return rows[0];
}

export async function findTenantByDomain(domain: string, db?: Db): Promise<Tenant | undefined> {
  const conn = db ?? (await getDb());
  const rows = await conn
    .select(tenantColumns)
    .from(businesses)
    .where(and(eq(businesses.domain, domain), eq(businesses.status, 'active')))
    .limit(1);
  return rows[0];
}

export async function listServiceAreas(businessId: number, db?: Db): Promise<ServiceArea[]> {
  const conn = db ?? (await getDb());
  return conn
    .select()
    .from(serviceAreas)
    .where(eq(serviceAreas.businessId, businessId))
    .orderBy(desc(serviceAreas.isMain), asc(serviceAreas.sortOrder), asc(serviceAreas.name));
}

/** The operator's money settings (basis points of the ride amount). */
export async function businessSettings(businessId: number, db?: Db): Promise<{ cashbackBps: number; commissionBps: number }> {
  const conn = db ?? (await getDb());
  const [row] = await conn
    .select({ cashbackBps: businesses.cashbackBps, commissionBps: businesses.commissionBps })
    .from(businesses)
    .where(eq(businesses.id, businessId))
    .limit(1);
  return row ?? { cashbackBps: 0, commissionBps: 0 };
}
