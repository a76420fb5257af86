import type { UpdateProfileInput } from '@/lib/auth/profile-schema';
import type { WalletKind } from '@/lib/db/schema/wallet';
import type { RideView } from '@/lib/rides/queries';
import type { Balance } from '@/lib/wallet/ledger';
import { fetchData } from '@/components/data/fetch-data';

/** The rider pages' routes: every fetch of rides, wallet and profile goes through here. */

export type RideLists = { upcoming: RideView[]; past: RideView[] };

/** GET /api/wallet: amounts in minor units, signed. */
export type WalletEntry = { id: number; kind: WalletKind; rideId: number | null; available: number; pending: number; currency: string; createdAt: string };
export type WalletData = { balance: Balance; entries: WalletEntry[] };

export const fetchRiderRides = () => fetchData<RideLists>('/api/rides');
export const cancelRide = (rideId: number, input: { reason: string }) => fetchData<RideView>(`/api/rides/${rideId}/cancel`, { body: input });
export const fetchRiderWallet = () => fetchData<WalletData>('/api/wallet');
export const updateProfile = (input: UpdateProfileInput) => fetchData<{ name: string | null; email: string | null }>('/api/profile', { method: 'PATCH', body: input });
export const deleteAccount = () => fetchData<unknown>('/api/profile', { method: 'DELETE' });
