import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { BrowseController } from './browse.controller';
import { JobOffersDirectoryService } from './job-offers-directory.service';
import { WorkersDirectoryService } from './workers-directory.service';

@Module({
  imports: [CatalogModule],
  controllers: [BrowseController],
  providers: [WorkersDirectoryService, JobOffersDirectoryService],
  exports: [JobOffersDirectoryService],
})
export class BrowseModule {}
