import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditLog } from '../admin/audit-log';
import { REFERENCE_ENTITIES } from './entities/reference.entities';
import { AdminReferencesController, ReferencesController } from './references.controller';
import { ReferencesService } from './references.service';

@Module({
  imports: [TypeOrmModule.forFeature(REFERENCE_ENTITIES)],
  controllers: [ReferencesController, AdminReferencesController],
  providers: [ReferencesService, AuditLog],
})
export class ReferencesModule {}
