import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ModerationModule } from '../moderation/moderation.module';
import { UsersModule } from '../users/users.module';
import { BlocksModule } from '../blocks/blocks.module';
import { ChatController } from './chat.controller';
import { CHAT_ENTITIES } from './entities/chat.entities';
import { ChatGateway } from './chat.gateway';
import { ChatRepository } from './chat.repository';
import { ChatService } from './chat.service';
import { UnreadMailer } from './unread-mailer';

@Module({
  imports: [TypeOrmModule.forFeature(CHAT_ENTITIES), ModerationModule, UsersModule, BlocksModule],
  controllers: [ChatController],
  providers: [ChatRepository, ChatService, ChatGateway, UnreadMailer],
  exports: [ChatService],
})
export class ChatModule {}
