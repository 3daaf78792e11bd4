import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MailSender } from './mail-sender';
import { MailService } from './mail.service';
import { OutboxEmail } from './entities/outbox-email.entity';

@Global()
@Module({
  imports: [TypeOrmModule.forFeature([OutboxEmail])],
  providers: [MailService, MailSender],
  exports: [MailService, MailSender],
})
export class MailModule {}
