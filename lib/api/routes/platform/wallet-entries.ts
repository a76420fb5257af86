import { z } from 'zod';
import { endpoint, jsonAt } from '@/lib/api/endpoint';
import { notFound, unauthorized } from '@/lib/api/errors';
import { safeEqual } from '@/lib/crypto/tokens';
import { env } from '@/lib/env';
import { PLATFORM_ENTRY_KINDS, recordPlatformEntry } from '@/lib/wallet/platform';
import { toMinor } from '@/lib/money/minor';

const bodySchema = z.object({
  kind: z.enum(PLATFORM_ENTRY_KINDS, { error: 'kind must be payout or settlement.' }),
  /** Major units, e.g. 1250.50. */
  amount: z.number({ error: 'amount must be a number.' }).positive('amount must be more than 0.').max(100_000_000, 'amount is too large.'),
  reference: z.string().trim().min(1, 'reference is required.').max(120, 'reference is too long.'),
  idempotencyKey: z.string().trim().min(8, 'idempotencyKey must be 8 to 80 characters.').max(80, 'idempotencyKey must be 8 to 80 characters.'),
});

/**
 * The platform records a payout to, or a settlement from, the operator of
 * this host (an operator's own session cannot): `Authorization: Bearer
 * PLATFORM_ADMIN_TOKEN`. 404 while the token is unset, 401 for a wrong one;
 * idempotent by key (201 first, 200 for a repeat).
 */
export const POST = endpoint({ auth: 'none', body: bodySchema }, async ({ req, db, tenant, body }) => {
  const expected = env().PLATFORM_ADMIN_TOKEN;
  if (!expected) throw notFound();
  const given = /^Bearer (.+)$/.exec(req.headers.get('authorization') ?? '')?.[1] ?? '';
  if (!safeEqual(given, expected)) throw unauthorized();
  const result = await recordPlatformEntry(db, tenant.id, { ...body, amount: toMinor(body.amount) });
  const data = {
    entry: {
      kind: result.entry.kind,
      amount: Math.abs(result.entry.available || result.entry.owed) / 100,
      currency: result.entry.currency,
      description: result.entry.description,
      createdAt: result.entry.createdAt.toISOString(),
    },
    account: { balance: result.account.balance / 100, owed: result.account.owed / 100, available: result.account.available / 100 },
  };
  return jsonAt({ success: true, data }, result.created ? 201 : 200);
});
