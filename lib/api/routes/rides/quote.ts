import { endpoint } from '@/lib/api/endpoint';
import { clientIp } from '@/lib/http/client-ip';
import { enforceLimits } from '@/lib/limits/requests';
import { quoteWaitingRules } from '@/lib/airports/settings';
import { createQuote, quoteView } from '@/lib/fares/quote';
import { quoteRequestSchema } from '@/lib/fares/schemas';
import { cancellationRuleFor } from '@/lib/money/cancellation-rules';

/** Find ride vehicles (docs/architecture/booking.md#2-the-quote): prices every vehicle type for the trip and stores the quote. 429 past LIMITS.quote*. */
export const POST = endpoint({ auth: 'optional', body: quoteRequestSchema }, async ({ req, db, tenant, session, body }) => {
  await enforceLimits(
    db,
    tenant.id,
    [['quotePerIp', clientIp(req.headers)], ...(session ? [['quotePerSession', session.userId] as const] : [])],
    'Too many fare searches. Wait a few minutes and try again.',
  );
  const quote = await createQuote(db, tenant, body, await quoteWaitingRules(db, tenant.id));
  return { success: true, data: quoteView(quote, await cancellationRuleFor(db, tenant.id, quote.tripKind)) };
});
