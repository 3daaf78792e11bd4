import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MailRepository } from './mail.repository';
import { MailSender } from './mail-sender';
import { MailService } from './mail.service';
import { OutboxEmail } from './entities/outbox-email.entity';

@Global()
@Module({
  imports: [TypeOrmModule.forFeature([OutboxEmail])],
  providers: [MailRepository, MailService, MailSender],
  exports: [MailService, MailSender],
})
export class MailModule {}
