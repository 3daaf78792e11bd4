import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { Auth, CurrentUser, type AuthUser } from '../../common/auth/auth.decorators';
import { ErrorBodyDto } from '../../common/error-body.dto';
import { IdPipe } from '../../common/id-pipe';
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
@ApiUnauthorizedResponse({ type: ErrorBodyDto })
@ApiForbiddenResponse({ type: ErrorBodyDto })
@ApiNotFoundResponse({ type: ErrorBodyDto })
@Controller('chat')
export class ChatController {
  constructor(private readonly chat: ChatService) {}

  @Post('conversation/start-chat')
  @HttpCode(200)
  @ApiOkResponse({ type: ConversationDto, description: 'The pair’s conversation, new or existing' })
  @ApiBadRequestResponse({ type: ErrorBodyDto })
  start(@CurrentUser() user: AuthUser, @Body() body: StartChatBodyDto): Promise<ConversationDto> {
    return this.chat.start(user, body);
  }

  @Get('unread-count')
  @ApiOkResponse({ type: UnreadCountDto })
  async unread(@CurrentUser() user: AuthUser): Promise<UnreadCountDto> {
    return { unread: await this.chat.unreadCount(user) };
  }

  @Get(':userId/conversations/get-all')
  @ApiOkResponse({ type: [ConversationSummaryDto] })
  list(@CurrentUser() user: AuthUser, @Param('userId', IdPipe) userId: number): Promise<ConversationSummaryDto[]> {
    return this.chat.list(user, userId);
  }

  @Get('conversations/:id')
  @ApiOkResponse({ type: ConversationDto })
  get(@CurrentUser() user: AuthUser, @Param('id', IdPipe) id: number): Promise<ConversationDto> {
    return this.chat.get(id, user);
  }

  @Post('conversations/:id/messages')
  @ApiCreatedResponse({ type: MessageDto, description: 'Saved, then pushed over the socket' })
  @ApiBadRequestResponse({ type: ErrorBodyDto })
  @ApiTooManyRequestsResponse({ type: ErrorBodyDto })
  async send(
    @CurrentUser() user: AuthUser,
    @Param('id', IdPipe) id: number,
    @Body() body: SendMessageBodyDto,
  ): Promise<MessageDto> {
    return (await this.chat.send(id, user, body.content, body.client_id)).message;
  }

  @Post('conversations/:id/mark-read')
  @HttpCode(200)
  @ApiOkResponse({ type: MarkReadDto })
  async markRead(@CurrentUser() user: AuthUser, @Param('id', IdPipe) id: number): Promise<MarkReadDto> {
    return { message_ids: await this.chat.markRead(id, user) };
  }
}
