import { Module } from '@nestjs/common';
import { AuditLogModule } from '../admin/audit-log.module';
import { BlocksModule } from '../blocks/blocks.module';
import { DataExportModule } from '../data-export/data-export.module';
import { ModerationModule } from '../moderation/moderation.module';
import { ChatModule } from '../chat/chat.module';
import { HiresModule } from '../hires/hires.module';
import { JobOffersModule } from '../job-offers/job-offers.module';
import { MediaModule } from '../media/media.module';
import { MembershipsModule } from '../memberships/memberships.module';
import { ParentProfileModule } from '../parent-profile/parent-profile.module';
import { ReferencesModule } from '../references/references.module';
import { SavedSearchesModule } from '../saved-searches/saved-searches.module';
import { ShortlistsModule } from '../shortlists/shortlists.module';
import { UsersModule } from '../users/users.module';
import { VerificationsModule } from '../verifications/verifications.module';
import { WorkerProfileModule } from '../worker-profile/worker-profile.module';
import { AccountDeletionController } from './account-deletion.controller';
import { AccountDeletionService } from './account-deletion.service';
import { AccountErasure } from './account-erasure';

/**
 * Deleting an account (the person's own and the admin's) and erasing what remains of it 30 days
 * later. It owns no table: every write goes through the owner of the table (docs/ARCHITECTURE.md).
 */
@Module({
  imports: [
    AuditLogModule,
    BlocksModule,
    DataExportModule,
    ModerationModule,
    ChatModule,
    HiresModule,
    JobOffersModule,
    MediaModule,
    MembershipsModule,
    ParentProfileModule,
    ReferencesModule,
    SavedSearchesModule,
    ShortlistsModule,
    UsersModule,
    VerificationsModule,
    WorkerProfileModule,
  ],
  controllers: [AccountDeletionController],
  providers: [AccountDeletionService, AccountErasure],
  exports: [AccountDeletionService],
})
export class AccountDeletionModule {}
