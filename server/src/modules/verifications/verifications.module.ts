import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { AuditLogModule } from '../admin/audit-log.module';
import { MediaModule } from '../media/media.module';
import { WorkerProfileModule } from '../worker-profile/worker-profile.module';
import { DocumentFilesSweep } from './document-files-sweep';
import { createDocumentStorage, DOCUMENT_STORAGE } from './document-storage';
import { VerificationDocument } from './entities/verification-document.entity';
import { VerificationReminders } from './verification-reminders';
import { AdminVerificationsController, VerificationsController } from './verifications.controller';
import { VerificationsRepository } from './verifications.repository';
import { VerificationsService } from './verifications.service';

/** Verified documents: uploads, private reads, the admin's review, badges, reminders. */
@Module({
  imports: [TypeOrmModule.forFeature([VerificationDocument]), AuditLogModule, MediaModule, WorkerProfileModule],
  controllers: [VerificationsController, AdminVerificationsController],
  providers: [
    VerificationsRepository,
    VerificationsService,
    VerificationReminders,
    DocumentFilesSweep,
    {
      provide: DOCUMENT_STORAGE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => createDocumentStorage(config),
    },
  ],
  exports: [VerificationsService],
})
export class VerificationsModule {}
