import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CatalogModule } from '../catalog/catalog.module';
import { BlocksModule } from '../blocks/blocks.module';
import { BrowseController } from './browse.controller';
import { BrowseRepository } from './browse.repository';
import { DirectoryCache } from './directory-cache';
import { OfferSearchRow, WorkerSearchRow } from './entities/search.entities';
import { JobOffersDirectoryService } from './job-offers-directory.service';
import { WorkersDirectoryService } from './workers-directory.service';

@Module({
  imports: [CatalogModule, BlocksModule, TypeOrmModule.forFeature([WorkerSearchRow, OfferSearchRow])],
  controllers: [BrowseController],
  providers: [BrowseRepository, WorkersDirectoryService, JobOffersDirectoryService, DirectoryCache],
  exports: [BrowseRepository, JobOffersDirectoryService],
})
export class BrowseModule {}
