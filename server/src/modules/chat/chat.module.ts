import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { ChatController } from './chat.controller';
import { ChatGateway } from './chat.gateway';
import { ChatService } from './chat.service';
import { UnreadMailer } from './unread-mailer';

@Module({
  imports: [UsersModule],
  controllers: [ChatController],
  providers: [ChatService, ChatGateway, UnreadMailer],
  exports: [ChatService],
})
export class ChatModule {}
