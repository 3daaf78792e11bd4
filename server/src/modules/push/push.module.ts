import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PUSH_ENTITIES } from './entities/push.entities';
import { NotificationPreferences } from './notification-preferences';
import { PushController } from './push.controller';
import { PushRepository } from './push.repository';
import { PushSender } from './push-sender';
import { PushService } from './push.service';

/**
 * Web Push and the notification preferences. Global: the chat (new messages) and the
 * saved searches (new matches) call `PushService.notify` and read `NotificationPreferences.of`;
 * see PushService's comment for that API.
 */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature(PUSH_ENTITIES)],
  controllers: [PushController],
  providers: [PushRepository, PushService, PushSender, NotificationPreferences],
  exports: [PushService, NotificationPreferences],
})
export class PushModule {}
