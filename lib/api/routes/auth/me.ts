import { endpoint } from '@/lib/api/endpoint';
import { userView } from '@/lib/auth/views';

/** The signed-in user, role and business on this host, or null. */
export const GET = endpoint({ auth: 'optional' }, async ({ session, tenant }) => ({
  success: true,
  data: session ? userView(session, tenant) : null,
}));
