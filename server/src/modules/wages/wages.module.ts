import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditLogModule } from '../admin/audit-log.module';
import { CatalogModule } from '../catalog/catalog.module';
import {
  LaborParameterRow,
  WageCategory,
  WageRateRow,
  WageScaleRow,
  WageServiceCategory,
  WageZoneArea,
} from './entities/wage.entities';
import { AdminWagesController, WagesController } from './wages.controller';
import { WagesRepository } from './wages.repository';
import { WagesService } from './wages.service';

/** The legal minimum wage of household workers and the regime's other figures (labor parameters). */
@Module({
  imports: [
    TypeOrmModule.forFeature([
      WageCategory,
      WageScaleRow,
      WageRateRow,
      WageServiceCategory,
      WageZoneArea,
      LaborParameterRow,
    ]),
    AuditLogModule,
    CatalogModule,
  ],
  controllers: [WagesController, AdminWagesController],
  providers: [WagesRepository, WagesService],
  exports: [WagesService],
})
export class WagesModule {}
