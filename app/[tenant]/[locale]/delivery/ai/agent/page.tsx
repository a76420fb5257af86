import type { Metadata } from 'next';
import { chatMetadata, ConsoleChatPage } from '@/components/chat/console-chat-page';
import type { PageParams } from '@/lib/tenancy/page-tenant';

export function generateMetadata({ params }: { params: PageParams }): Promise<Metadata> {
  return chatMetadata(params, { index: false });
}

/** delivery/ai/agent: the console's AI agent chat. */
export default function Page({ params }: { params: PageParams }) {
  return <ConsoleChatPage params={params} area="delivery" />;
}
