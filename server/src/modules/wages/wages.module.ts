import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditLogModule } from '../admin/audit-log.module';
import { WageCategory, WageRateRow, WageScaleRow, WageServiceCategory, WageZoneArea } from './entities/wage.entities';
import { AdminWagesController, WagesController } from './wages.controller';
import { WagesService } from './wages.service';

/** The legal minimum wage of household workers (issue 22). */
@Module({
  imports: [
    TypeOrmModule.forFeature([WageCategory, WageScaleRow, WageRateRow, WageServiceCategory, WageZoneArea]),
    AuditLogModule,
  ],
  controllers: [WagesController, AdminWagesController],
  providers: [WagesService],
})
export class WagesModule {}
