import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { MediaModule } from '../media/media.module';
import { createDocumentStorage } from '../verifications/document-storage';
import { DataExportBuilder } from './data-export-builder';
import { DataExportSweep } from './data-export-sweep';
import { DataExportController } from './data-export.controller';
import { DataExportRepository } from './data-export.repository';
import { DataExportService } from './data-export.service';
import { DataExport } from './entities/data-export.entity';
import { createExportStorage, EXPORT_DOCUMENT_STORAGE, EXPORT_STORAGE } from './export-storage';

/** 'Descargar mis datos' (the right of access): requests, the ZIP's job, the download, the sweep. */
@Module({
  imports: [TypeOrmModule.forFeature([DataExport]), MediaModule],
  controllers: [DataExportController],
  exports: [DataExportService],
  providers: [
    DataExportRepository,
    DataExportService,
    DataExportBuilder,
    DataExportSweep,
    { provide: EXPORT_STORAGE, inject: [APP_CONFIG], useFactory: (config: AppConfig) => createExportStorage(config) },
    // The verification documents' own storage (the same folder or bucket prefix), read-only here.
    {
      provide: EXPORT_DOCUMENT_STORAGE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => createDocumentStorage(config),
    },
  ],
})
export class DataExportModule {}
