import { ChatsScreen } from './chats-screen';

/** The chat screens (issue 5), one lazy chunk: client/app.tsx. */
export const screens = { chats: ChatsScreen, 'chats-id': ChatsScreen };

// Loaded for every logged-in member (client/app.tsx useMemberLive).
export { startMemberLive } from '../../components/chat/live-boot';
