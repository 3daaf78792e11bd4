import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditLogModule } from '../admin/audit-log.module';
import { REFERENCE_ENTITIES } from './entities/reference.entities';
import { AdminReferencesController, ReferencesController } from './references.controller';
import { ReferencesService } from './references.service';

@Module({
  imports: [TypeOrmModule.forFeature(REFERENCE_ENTITIES), AuditLogModule],
  controllers: [ReferencesController, AdminReferencesController],
  providers: [ReferencesService],
})
export class ReferencesModule {}
