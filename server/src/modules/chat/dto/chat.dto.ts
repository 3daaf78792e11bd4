import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CHAT_BLOCK_STATES, CHAT_MESSAGES, MAX_ID, type ChatBlockState, type ChatMessage } from '@cym/common';
import { IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';

const PARTIES = CHAT_MESSAGES.invalidParties;

export class MessageSenderDto {
  @ApiProperty() id: number;
  @ApiProperty() first_name: string;
  @ApiProperty({ description: 'The e-mail (the username)' }) username: string;
}

/** A saved message; the socket carries the same fields (common's ChatMessage). */
export class MessageDto implements ChatMessage {
  @ApiProperty() id: number;
  @ApiProperty() conversation_id: number;
  @ApiProperty() content: string;
  @ApiProperty({ type: String, format: 'date-time' }) timestamp: string;
  @ApiProperty() is_read: boolean;
  @ApiProperty({ type: MessageSenderDto }) sender: MessageSenderDto;
  @ApiProperty({ nullable: true, type: String, description: "The sender's own id for the message" })
  client_id: string | null;
  @ApiProperty({ nullable: true, type: Number, description: 'The hire proposal whose card this message shows' })
  hire_proposal_id: number | null;
  @ApiProperty({
    description: "The sender's identity is not verified and the message mentions one of the team's warning words",
  })
  money_warning: boolean;
  @ApiProperty({ description: "Its author's account was erased: the text is empty" }) erased: boolean;
}

/** The other side of a conversation, as the viewer sees it. */
export class ChatPartnerDto {
  @ApiProperty({ nullable: true, type: Number, description: 'null for the team (an admin)' }) user_id: number | null;
  @ApiProperty({ description: "First name, or the product's name for the team" }) first_name: string;
  @ApiProperty({ nullable: true, type: String }) profile_image: string | null;
  @ApiProperty() formatted_last_seen: string;
  @ApiProperty({ enum: ['Worker', 'Parent', 'admin'] }) kind: 'Worker' | 'Parent' | 'admin';
  @ApiProperty({ nullable: true, type: String, description: 'Where "Ver perfil" goes; null when nowhere' })
  profile_path: string | null;
  @ApiProperty({
    nullable: true,
    type: String,
    enum: ['deleted', 'suspended'],
    description:
      "'deleted': the account was deleted (shown as 'Usuario eliminado'); 'suspended': the team suspended it; neither gets replies. Else null",
  })
  status: 'deleted' | 'suspended' | null;
}

export class ConversationSummaryDto {
  @ApiProperty() id: number;
  @ApiProperty({ nullable: true, type: Number, description: 'Worker profile id' }) worker: number | null;
  @ApiProperty({ nullable: true, type: Number, description: 'Parent profile id' }) parent: number | null;
  @ApiProperty({ type: ChatPartnerDto }) partner: ChatPartnerDto;
  @ApiProperty({ nullable: true, type: MessageDto }) last_message: MessageDto | null;
  @ApiProperty() unread_count: number;
}

export class ConversationDto extends ConversationSummaryDto {
  @ApiProperty({ type: [MessageDto], description: 'Oldest first' }) messages: MessageDto[];
  @ApiProperty({
    description:
      'False when the viewer is a worker and the employer has no active membership: the employer cannot answer until it is active',
  })
  partner_can_reply: boolean;
  @ApiProperty({
    nullable: true,
    enum: CHAT_BLOCK_STATES,
    type: String,
    description:
      "The composer is closed: 'by_me' when the viewer blocked the other person (unblocking opens it), 'cannot_write' when the viewer may not write to them; null when open",
  })
  block: ChatBlockState | null;
}

export class UnreadCountDto {
  @ApiProperty() unread: number;
}

export class MarkReadDto {
  @ApiProperty({ type: [Number] }) message_ids: number[];
}

// Requests

export class StartChatBodyDto {
  @ApiPropertyOptional({ nullable: true, type: Number, description: 'Worker profile id' })
  @IsOptional()
  @IsInt({ message: PARTIES })
  @Min(1, { message: PARTIES })
  @Max(MAX_ID, { message: PARTIES })
  workerId?: number | null;

  @ApiPropertyOptional({ nullable: true, type: Number, description: 'Parent profile id' })
  @IsOptional()
  @IsInt({ message: PARTIES })
  @Min(1, { message: PARTIES })
  @Max(MAX_ID, { message: PARTIES })
  parentId?: number | null;

  @ApiPropertyOptional({ nullable: true, type: Number, description: "The admin's user id" })
  @IsOptional()
  @IsInt({ message: PARTIES })
  @Min(1, { message: PARTIES })
  @Max(MAX_ID, { message: PARTIES })
  adminId?: number | null;
}

export class SendMessageBodyDto {
  @ApiProperty({ maxLength: 2000 }) @IsOptional() @IsString({ message: CHAT_MESSAGES.empty }) content?: string;

  @ApiPropertyOptional({ description: 'A client-chosen id: the same id from the same sender is saved once' })
  @IsOptional()
  @IsString({ message: 'client_id inválido.' })
  @Matches(/^[A-Za-z0-9_-]{1,64}$/, { message: 'client_id inválido.' })
  client_id?: string;
}
