import { Module } from '@nestjs/common';
import { BrowseModule } from '../browse/browse.module';
import { CatalogModule } from '../catalog/catalog.module';
import { ParentProfileModule } from '../parent-profile/parent-profile.module';
import { JobOffersController } from './job-offers.controller';
import { JobOffersService } from './job-offers.service';

@Module({
  imports: [BrowseModule, CatalogModule, ParentProfileModule],
  controllers: [JobOffersController],
  providers: [JobOffersService],
  exports: [JobOffersService],
})
export class JobOffersModule {}
