import type { SessionUser } from './session';
import type { Tenant } from '@/lib/tenancy/queries';

/** The signed-in user as the client sees it, in the field names clients read. */
export function userView(user: Pick<SessionUser, 'role' | 'name' | 'email' | 'phoneCode' | 'phone'> & { userId: number }, tenant: Pick<Tenant, 'id' | 'name'>) {
  return {
    lp_id: tenant.id,
    user_id: user.userId,
    user_type: user.role,
    name: user.name ?? '',
    email: user.email ?? '',
    country_code: user.phoneCode ?? '',
    phone_number: user.phone ?? '',
    business_name: tenant.name,
  };
}
