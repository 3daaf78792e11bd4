import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { BrowseController } from './browse.controller';
import { DirectoryCache } from './directory-cache';
import { JobOffersDirectoryService } from './job-offers-directory.service';
import { WorkersDirectoryService } from './workers-directory.service';

@Module({
  imports: [CatalogModule],
  controllers: [BrowseController],
  providers: [WorkersDirectoryService, JobOffersDirectoryService, DirectoryCache],
  exports: [JobOffersDirectoryService],
})
export class BrowseModule {}
