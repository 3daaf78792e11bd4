/** What other features may use of the chat: opening a conversation. The page is a route of its own. */
export { startChat, type StartChatResult } from './start-chat';
