import type { MessageDto } from './dto/chat.dto';

/**
 * What the chat service tells the socket gateway; always emitted after the change is committed,
 * so a client that reloads on hearing it reads the change.
 */

/** A new message was saved (a repeated client id is not a new message and is not announced). */
export const CHAT_MESSAGE_SAVED = 'chat.message-saved';

export class ChatMessageSaved {
  constructor(
    readonly conversationId: number,
    /** User ids of everyone in the conversation. */
    readonly participants: number[],
    readonly message: MessageDto,
    /** The socket that sent it, when one did: it has the message already (its acknowledgement). */
    readonly origin?: string,
  ) {}
}

/** A participant read the conversation: these messages of the other side turned read. */
export const CHAT_MESSAGES_READ = 'chat.messages-read';

export class ChatMessagesRead {
  constructor(
    readonly conversationId: number,
    readonly participants: number[],
    readonly readerId: number,
    readonly messageIds: number[],
  ) {}
}
