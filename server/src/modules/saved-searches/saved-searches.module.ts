import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CatalogModule } from '../catalog/catalog.module';
import { MailModule } from '../mail/mail.module';
import { SavedSearch, SavedSearchMatch } from './entities/saved-search.entities';
import { SavedSearchAlerts } from './saved-search-alerts';
import { SavedSearchesController } from './saved-searches.controller';
import { SavedSearchesRepository } from './saved-searches.repository';
import { SavedSearchesService } from './saved-searches.service';

@Module({
  imports: [TypeOrmModule.forFeature([SavedSearch, SavedSearchMatch]), CatalogModule, MailModule],
  controllers: [SavedSearchesController],
  providers: [SavedSearchesRepository, SavedSearchesService, SavedSearchAlerts],
  exports: [SavedSearchesService],
})
export class SavedSearchesModule {}
