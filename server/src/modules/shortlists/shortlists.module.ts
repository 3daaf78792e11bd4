import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CatalogModule } from '../catalog/catalog.module';
import { ShortlistEntry } from './entities/shortlist-entry.entity';
import { ShortlistsController } from './shortlists.controller';
import { ShortlistsService } from './shortlists.service';

@Module({
  imports: [TypeOrmModule.forFeature([ShortlistEntry]), CatalogModule],
  controllers: [ShortlistsController],
  providers: [ShortlistsService],
})
export class ShortlistsModule {}
