import { route } from '@/lib/api/handler';
import { userView } from '@/lib/auth/views';

export const dynamic = 'force-dynamic';

/** The signed-in user, role and business on this host, or null. */
export const GET = route({ auth: 'optional' }, async ({ session, tenant }) => ({
  success: true,
  data: session ? userView(session, tenant) : null,
}));
