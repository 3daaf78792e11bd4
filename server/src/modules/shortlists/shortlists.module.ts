import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BrowseModule } from '../browse/browse.module';
import { CatalogModule } from '../catalog/catalog.module';
import { ShortlistEntry } from './entities/shortlist-entry.entity';
import { ShortlistsController } from './shortlists.controller';
import { ShortlistsRepository } from './shortlists.repository';
import { ShortlistsService } from './shortlists.service';

@Module({
  imports: [TypeOrmModule.forFeature([ShortlistEntry]), BrowseModule, CatalogModule],
  controllers: [ShortlistsController],
  providers: [ShortlistsRepository, ShortlistsService],
  exports: [ShortlistsService],
})
export class ShortlistsModule {}
