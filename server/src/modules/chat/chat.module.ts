import { Module } from '@nestjs/common';
import { ChatController } from './chat.controller';
import { ChatGateway } from './chat.gateway';
import { ChatService } from './chat.service';
import { UnreadMailer } from './unread-mailer';

@Module({
  controllers: [ChatController],
  providers: [ChatService, ChatGateway, UnreadMailer],
  exports: [ChatService],
})
export class ChatModule {}
