import { LRUCache } from 'lru-cache';
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { dispatchSettings } from '@/lib/db/schema';
import type { DispatchSettingsInput } from './schemas';

export type DispatchSettingValues = DispatchSettingsInput;

/** An operator that never saved dispatch settings dispatches by hand, with these values ready for the other modes. */
export const DEFAULT_DISPATCH: DispatchSettingValues = {
  mode: 'manual',
  offerSeconds: 30,
  maxOffers: 5,
  allowUpgrades: false,
  offerLeadMinutes: 60,
  bufferMinutes: 30,
  shareLeadMinutes: 30,
};

/** How long a process reuses a business's settings (ms); saving here drops the copy at once. */
const TTL_MS = 5_000;
const held = new LRUCache<number, DispatchSettingValues>({ max: 10_000, ttl: TTL_MS });

export async function dispatchSettingsOf(db: Db, businessId: number): Promise<DispatchSettingValues> {
  const hit = held.get(businessId);
  if (hit) return hit;
  const [row] = await db.select().from(dispatchSettings).where(eq(dispatchSettings.businessId, businessId)).limit(1);
  const values: DispatchSettingValues = row
    ? {
        mode: row.mode,
        offerSeconds: row.offerSeconds,
        maxOffers: row.maxOffers,
        allowUpgrades: row.allowUpgrades,
        offerLeadMinutes: row.offerLeadMinutes,
        bufferMinutes: row.bufferMinutes,
        shareLeadMinutes: row.shareLeadMinutes,
      }
    : { ...DEFAULT_DISPATCH };
  held.set(businessId, values);
  return values;
}

export async function saveDispatchSettings(db: Db, businessId: number, values: DispatchSettingValues): Promise<DispatchSettingValues> {
  await db
    .insert(dispatchSettings)
    .values({ businessId, ...values, updatedAt: new Date() })
    .onConflictDoUpdate({ target: dispatchSettings.businessId, set: { ...values, updatedAt: new Date() } });
  held.delete(businessId);
  return values;
}
