import { consoleChatRoute } from '@/components/chat/console-chat-page';

const route = consoleChatRoute('travel');
export const generateMetadata = route.generateMetadata;
export default route.Page;
