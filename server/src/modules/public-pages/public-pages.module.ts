import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { LandingPagesController } from './landing-pages.controller';
import { LandingPagesService } from './landing-pages.service';
import { PublicPagesService } from './public-pages.service';
import { ServerRenderer } from './server-renderer';

/**
 * The public pages as search engines and link previews read them (issue 20); their routes are
 * registered at the site's root by the app factory (public-pages.routes.ts).
 */
@Module({
  imports: [CatalogModule],
  controllers: [LandingPagesController],
  providers: [PublicPagesService, LandingPagesService, ServerRenderer],
  exports: [PublicPagesService, ServerRenderer],
})
export class PublicPagesModule {}
