import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditLogModule } from '../admin/audit-log.module';
import { JobOffersModule } from '../job-offers/job-offers.module';
import { UsersModule } from '../users/users.module';
import { WorkerProfileModule } from '../worker-profile/worker-profile.module';
import { ModerationAction } from './entities/moderation-action.entity';
import { Report } from './entities/report.entity';
import { SafetyWord } from './entities/safety-word.entity';
import { AdminModerationController, ReportsController } from './moderation.controller';
import { ModerationRepository } from './moderation.repository';
import { ModerationService } from './moderation.service';
import { SafetyWords } from './safety-words';

/** Reports, the team's decisions (dismiss, warn, hide, suspend, undo) and the money warning's words. */
@Module({
  imports: [
    TypeOrmModule.forFeature([Report, ModerationAction, SafetyWord]),
    AuditLogModule,
    JobOffersModule,
    UsersModule,
    WorkerProfileModule,
  ],
  controllers: [ReportsController, AdminModerationController],
  providers: [ModerationRepository, ModerationService, SafetyWords],
  exports: [SafetyWords, ModerationService],
})
export class ModerationModule {}
