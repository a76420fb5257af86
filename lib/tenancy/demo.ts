import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { businesses, drivers, users, vehicles } from '@/lib/db/schema';
import { businessExists, createBusiness, type ServiceCity } from './commands';

/** The demo operator's service cities (South and West India, real coordinates). */
export const DEMO_CITIES: ServiceCity[] = [
  { name: 'Chennai', region: 'Tamil Nadu', lat: 13.0827, lng: 80.2707 },
  { name: 'Bangalore', region: 'Karnataka', lat: 12.9716, lng: 77.5946 },
  { name: 'Hyderabad', region: 'Telangana', lat: 17.385, lng: 78.4867 },
  { name: 'Mumbai', region: 'Maharashtra', lat: 19.076, lng: 72.8777 },
  { name: 'Pune', region: 'Maharashtra', lat: 18.5204, lng: 73.8567 },
  { name: 'Kochi', region: 'Kerala', lat: 9.9312, lng: 76.2673 },
  { name: 'Coimbatore', region: 'Tamil Nadu', lat: 11.0168, lng: 76.9558 },
  { name: 'Mysore', region: 'Karnataka', lat: 12.2958, lng: 76.6394 },
  { name: 'Pondicherry', region: 'Puducherry', lat: 11.9416, lng: 79.8083 },
  { name: 'Madurai', region: 'Tamil Nadu', lat: 9.9252, lng: 78.1198 },
];

export const DEMO_BRAND = {
  name: 'Meridian Cabs',
  email: 'hello@meridiancabs.example',
  phone: '9876543210',
  logoUrl: '/brand/meridian-logo.svg',
  bannerUrl: '/brand/meridian-banner.svg',
} as const;

/** The demo fleet, so the console can accept a ride at once: vehicles and verified drivers. */
const DEMO_FLEET = [
  { vehicleType: 'sedan', model: 'Maruti Suzuki Dzire', number: 'TN09 AB4521', driver: { name: 'Karthik Raja', phone: '9876500011' } },
  { vehicleType: 'suv', model: 'Toyota Innova Crysta', number: 'KA05 MN7788', driver: { name: 'Suresh Kumar', phone: '9876500012' } },
  { vehicleType: 'hatchback', model: 'Maruti Suzuki Swift', number: 'TN10 CD1203', driver: null },
] as const;

async function seedDemoFleet(db: Db, businessId: number): Promise<void> {
  for (const item of DEMO_FLEET) {
    const [vehicle] = await db.insert(vehicles).values({ businessId, vehicleType: item.vehicleType, model: item.model, number: item.number }).returning();
    if (!item.driver) continue;
    const [user] = await db
      .insert(users)
      .values({ businessId, role: 'travelsx-driver', name: item.driver.name, phoneCode: '91', phone: item.driver.phone })
      .returning();
    await db.insert(drivers).values({
      businessId,
      userId: user.id,
      vehicleId: vehicle.id,
      name: item.driver.name,
      phoneCode: '91',
      phone: item.driver.phone,
      place: 'Chennai',
      accountStatus: 'Verified',
      online: true,
    });
  }
}

/** Creates the demo operator and its partner login (the brand e-mail) on first start; later starts leave it as edited. */
export async function ensureDemoTenant(db: Db, slug: string): Promise<boolean> {
  if (await businessExists(db, slug)) return false;
  const business = await createBusiness(db, { slug, countryCode: 'in', language: 'en', cities: DEMO_CITIES, ...DEMO_BRAND });
  const [owner] = await db
    .insert(users)
    .values({
      businessId: business.id,
      role: 'travelsx-partner',
      name: DEMO_BRAND.name,
      email: DEMO_BRAND.email,
      emailVerifiedAt: new Date(),
      phoneCode: '91',
      phone: DEMO_BRAND.phone,
    })
    .returning();
  await db.update(businesses).set({ ownerUserId: owner.id }).where(eq(businesses.id, business.id));
  await seedDemoFleet(db, business.id);
  return true;
}
