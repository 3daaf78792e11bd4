import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountDeletionModule } from '../account-deletion/account-deletion.module';
import { AuthModule } from '../auth/auth.module';
import { BrowseModule } from '../browse/browse.module';
import { JobOffersModule } from '../job-offers/job-offers.module';
import { MediaModule } from '../media/media.module';
import { MembershipsModule } from '../memberships/memberships.module';
import { ChatModule } from '../chat/chat.module';
import { ParentProfileModule } from '../parent-profile/parent-profile.module';
import { UsersModule } from '../users/users.module';
import { StatsModule } from '../stats/stats.module';
import { WorkerProfileModule } from '../worker-profile/worker-profile.module';
import { AdminController } from './admin.controller';
import { AdminRepository } from './admin.repository';
import { AdminEmployersController } from './admin-employers.controller';
import { AdminEmployersService } from './admin-employers.service';
import { AdminService } from './admin.service';
import { AdminTeamController } from './admin-team.controller';
import { AdminTeamService } from './admin-team.service';
import { AuditLogModule } from './audit-log.module';
import { AdminAuditService } from './admin-audit.service';
import { AuditController } from './audit.controller';
import { AdminAuditEntry } from './entities/admin-audit-entry.entity';

@Module({
  imports: [
    TypeOrmModule.forFeature([AdminAuditEntry]),
    AccountDeletionModule,
    AuditLogModule,
    AuthModule,
    BrowseModule,
    JobOffersModule,
    MediaModule,
    MembershipsModule,
    ChatModule,
    ParentProfileModule,
    StatsModule,
    UsersModule,
    WorkerProfileModule,
  ],
  controllers: [AdminController, AdminEmployersController, AdminTeamController, AuditController],
  providers: [AdminRepository, AdminService, AdminEmployersService, AdminTeamService, AdminAuditService],
})
export class AdminModule {}
