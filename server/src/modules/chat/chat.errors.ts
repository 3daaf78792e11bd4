import { HttpStatus } from '@nestjs/common';
import { CHAT_MESSAGES } from '@cym/common';
import { declareErrors } from '../../common/errors/declare-errors';

/** What the chat refuses with, over HTTP and in the socket's acknowledgements alike. */
export const CHAT_ERRORS = declareErrors({
  conversationNotFound: {
    status: HttpStatus.NOT_FOUND,
    code: 'CONVERSATION_NOT_FOUND',
    message: CHAT_MESSAGES.notFound,
  },
  /** The other side's account was deleted or suspended: nobody would read it. */
  partnerGone: { status: HttpStatus.FORBIDDEN, code: 'CANNOT_WRITE', message: CHAT_MESSAGES.partnerGone },
  notParticipant: { status: HttpStatus.FORBIDDEN, code: 'NOT_PARTICIPANT', message: CHAT_MESSAGES.notParticipant },
  /** Another user's list of conversations. */
  notYourChats: { status: HttpStatus.FORBIDDEN, code: 'NOT_YOUR_CHATS', message: CHAT_MESSAGES.notParticipant },
  /** An employer starting a chat with a worker, or writing to one, without an active membership. */
  membershipRequired: {
    status: HttpStatus.FORBIDDEN,
    code: 'MEMBERSHIP_REQUIRED',
    message: CHAT_MESSAGES.membershipRequired,
  },
  invalidParties: { status: HttpStatus.BAD_REQUEST, code: 'INVALID_PARTIES', message: CHAT_MESSAGES.invalidParties },
  partyNotFound: { status: HttpStatus.NOT_FOUND, code: 'PARTY_NOT_FOUND', message: CHAT_MESSAGES.partyNotFound },
  employerNotPublishing: {
    status: HttpStatus.FORBIDDEN,
    code: 'EMPLOYER_NOT_PUBLISHING',
    message: CHAT_MESSAGES.employerNotPublishing,
  },
  clientIdReused: {
    status: HttpStatus.CONFLICT,
    code: 'CLIENT_ID_REUSED',
    message: 'Ese client_id ya se usó en otra conversación.',
  },
  /** Too many messages at once (thrown as a RateLimitedException, which carries Retry-After). */
  flood: { status: HttpStatus.TOO_MANY_REQUESTS, code: 'RATE_LIMITED', message: CHAT_MESSAGES.flood },
  /** The socket's acknowledgement when a request failed unexpectedly (never an HTTP answer). */
  sendFailed: { status: HttpStatus.INTERNAL_SERVER_ERROR, code: 'CHAT_ERROR', message: CHAT_MESSAGES.sendFailed },
});
