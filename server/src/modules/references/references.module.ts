import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditLogModule } from '../admin/audit-log.module';
import { ParentProfileModule } from '../parent-profile/parent-profile.module';
import { WorkerProfileModule } from '../worker-profile/worker-profile.module';
import { REFERENCE_ENTITIES } from './entities/reference.entities';
import { AdminReferencesController, ReferencesController } from './references.controller';
import { ReferencesRepository } from './references.repository';
import { ReferencesService } from './references.service';

@Module({
  imports: [TypeOrmModule.forFeature(REFERENCE_ENTITIES), AuditLogModule, WorkerProfileModule, ParentProfileModule],
  controllers: [ReferencesController, AdminReferencesController],
  providers: [ReferencesRepository, ReferencesService],
  exports: [ReferencesService],
})
export class ReferencesModule {}
