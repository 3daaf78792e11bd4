import { Module } from '@nestjs/common';
import { BrowseModule } from '../browse/browse.module';
import { CatalogModule } from '../catalog/catalog.module';
import { LandingPagesController } from './landing-pages.controller';
import { LandingPagesService } from './landing-pages.service';
import { PublicPagesRepository } from './public-pages.repository';
import { PublicPagesService } from './public-pages.service';
import { ServerRenderer } from './server-renderer';

/**
 * The public pages as search engines and link previews read them; their routes are
 * registered at the site's root by the app factory (public-pages.routes.ts).
 */
@Module({
  imports: [BrowseModule, CatalogModule],
  controllers: [LandingPagesController],
  providers: [PublicPagesRepository, PublicPagesService, LandingPagesService, ServerRenderer],
  exports: [PublicPagesService, ServerRenderer],
})
export class PublicPagesModule {}
