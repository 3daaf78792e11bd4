import { Body, Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ApiCreatedResponse, ApiOkResponse, ApiTags, ApiOperation } from '@nestjs/swagger';
import { Auth, CurrentUser, type AuthUser } from '../auth/access/auth.decorators';
import { COMMON_ERRORS } from '../../common/errors/common.errors';
import { ApiErrors } from '../../common/errors/declare-errors';
import { BLOCK_ERRORS } from '../blocks/blocks.errors';
import { IdPipe } from '../../common/id-pipe';
import { CHAT_ERRORS } from './chat.errors';
import { ChatService } from './chat.service';
import {
  ConversationDto,
  ConversationSummaryDto,
  MarkReadDto,
  MessageDto,
  SendMessageBodyDto,
  StartChatBodyDto,
  UnreadCountDto,
} from './dto/chat.dto';

@ApiTags('chat')
@Auth()
@Controller('chat')
export class ChatController {
  constructor(private readonly chat: ChatService) {}

  @Post('conversation/start-chat')
  @ApiOperation({ summary: 'Empezar (o retomar) una conversación con otro usuario' })
  @HttpCode(200)
  @ApiOkResponse({ type: ConversationDto, description: 'The pair’s conversation, which already existed' })
  @ApiCreatedResponse({ type: ConversationDto, description: 'The pair’s conversation, created by this call' })
  @ApiErrors(
    COMMON_ERRORS.validation,
    CHAT_ERRORS.invalidParties,
    CHAT_ERRORS.partyNotFound,
    CHAT_ERRORS.notParticipant,
    CHAT_ERRORS.membershipRequired,
    CHAT_ERRORS.employerNotPublishing,
    BLOCK_ERRORS.cannotWrite,
    BLOCK_ERRORS.blockedByMe,
  )
  async start(
    @CurrentUser() user: AuthUser,
    @Body() body: StartChatBodyDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ConversationDto> {
    const { conversation, created } = await this.chat.start(user, body);
    if (created) void reply.status(201);
    return conversation;
  }

  @Get('unread-count')
  @ApiOperation({ summary: 'Cantidad de mensajes sin leer' })
  @ApiOkResponse({ type: UnreadCountDto })
  async unread(@CurrentUser() user: AuthUser): Promise<UnreadCountDto> {
    return { unread: await this.chat.unreadCount(user) };
  }

  @Get(':userId/conversations/get-all')
  @ApiOperation({ summary: 'Conversaciones del usuario, con la última línea de cada una' })
  @ApiOkResponse({ type: [ConversationSummaryDto] })
  @ApiErrors(CHAT_ERRORS.notYourChats, COMMON_ERRORS.notFound)
  list(@CurrentUser() user: AuthUser, @Param('userId', IdPipe) userId: number): Promise<ConversationSummaryDto[]> {
    return this.chat.list(user, userId);
  }

  @Get('conversations/:id')
  @ApiOperation({ summary: 'Mensajes de una conversación' })
  @ApiOkResponse({ type: ConversationDto })
  @ApiErrors(CHAT_ERRORS.conversationNotFound, CHAT_ERRORS.notParticipant, COMMON_ERRORS.notFound)
  get(@CurrentUser() user: AuthUser, @Param('id', IdPipe) id: number): Promise<ConversationDto> {
    return this.chat.get(id, user);
  }

  @Post('conversations/:id/messages')
  @ApiOperation({ summary: 'Enviar un mensaje en una conversación' })
  @ApiCreatedResponse({ type: MessageDto, description: 'Saved, then pushed over the socket' })
  @ApiErrors(
    COMMON_ERRORS.validation,
    CHAT_ERRORS.conversationNotFound,
    CHAT_ERRORS.notParticipant,
    CHAT_ERRORS.membershipRequired,
    CHAT_ERRORS.partnerGone,
    CHAT_ERRORS.clientIdReused,
    BLOCK_ERRORS.cannotWrite,
    BLOCK_ERRORS.blockedByMe,
    CHAT_ERRORS.flood,
    COMMON_ERRORS.notFound,
  )
  async send(
    @CurrentUser() user: AuthUser,
    @Param('id', IdPipe) id: number,
    @Body() body: SendMessageBodyDto,
  ): Promise<MessageDto> {
    return (await this.chat.send(id, user, body.content, body.client_id)).message;
  }

  @Post('conversations/:id/mark-read')
  @ApiOperation({ summary: 'Marcar como leídos los mensajes de una conversación' })
  @HttpCode(200)
  @ApiOkResponse({ type: MarkReadDto })
  @ApiErrors(CHAT_ERRORS.conversationNotFound, CHAT_ERRORS.notParticipant, COMMON_ERRORS.notFound)
  async markRead(@CurrentUser() user: AuthUser, @Param('id', IdPipe) id: number): Promise<MarkReadDto> {
    return { message_ids: await this.chat.markRead(id, user) };
  }
}
