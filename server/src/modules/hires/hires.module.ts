import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ChatModule } from '../chat/chat.module';
import { MailModule } from '../mail/mail.module';
import { WagesModule } from '../wages/wages.module';
import { HIRE_ENTITIES } from './entities/hire.entities';
import { HirePayService } from './hire-pay.service';
import { HireReminders } from './hire-reminders';
import { HiresController } from './hires.controller';
import { HiresRepository } from './hires.repository';
import { HiresService } from './hires.service';

/** The hire and the registered job that follows it (Ley 26.844). */
@Module({
  imports: [TypeOrmModule.forFeature(HIRE_ENTITIES), ChatModule, MailModule, WagesModule],
  controllers: [HiresController],
  providers: [HiresRepository, HiresService, HirePayService, HireReminders],
  exports: [HiresService],
})
export class HiresModule {}
