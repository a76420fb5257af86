import { endpoint } from '@/lib/api/endpoint';
import { waitingRulesOf } from '@/lib/airports/settings';
import { createQuote, quoteView } from '@/lib/fares/quote';
import { quoteRequestSchema } from '@/lib/fares/schemas';
import { cancellationRuleFor } from '@/lib/money/cancellation-rules';

/** Find ride vehicles (docs/architecture/booking.md#2-the-quote): prices every vehicle type for the trip and stores the quote. */
export const POST = endpoint({ body: quoteRequestSchema }, async ({ db, tenant, body }) => {
  const quote = await createQuote(db, tenant, body, await waitingRulesOf(db, tenant.id));
  return { success: true, data: quoteView(quote, await cancellationRuleFor(db, tenant.id, quote.tripKind)) };
});
