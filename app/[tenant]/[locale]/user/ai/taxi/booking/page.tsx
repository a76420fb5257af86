import type { Metadata } from 'next';
import { chatMetadata, RiderChatPage } from '@/components/chat/chat-page';
import type { PageParams } from '@/lib/tenancy/page-tenant';

export function generateMetadata({ params }: { params: PageParams }): Promise<Metadata> {
  return chatMetadata(params, { index: true });
}

/** user/ai/taxi/booking: the AI chat tab of the booking options. */
export default function Page({ params }: { params: PageParams }) {
  return <RiderChatPage params={params} />;
}
