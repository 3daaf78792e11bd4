import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditLog } from '../admin/audit-log';
import { WageCategory, WageRateRow, WageScaleRow, WageServiceCategory, WageZoneArea } from './entities/wage.entities';
import { AdminWagesController, WagesController } from './wages.controller';
import { WagesService } from './wages.service';

/** The legal minimum wage of household workers (issue 22). */
@Module({
  imports: [TypeOrmModule.forFeature([WageCategory, WageScaleRow, WageRateRow, WageServiceCategory, WageZoneArea])],
  controllers: [WagesController, AdminWagesController],
  providers: [WagesService, AuditLog],
})
export class WagesModule {}
