import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BrowseModule } from '../browse/browse.module';
import { CatalogModule } from '../catalog/catalog.module';
import { ParentProfileModule } from '../parent-profile/parent-profile.module';
import { JOB_OFFER_ENTITIES } from './entities/job-offer.entities';
import { JobOffersController } from './job-offers.controller';
import { JobOffersRepository } from './job-offers.repository';
import { JobOffersService } from './job-offers.service';

@Module({
  imports: [TypeOrmModule.forFeature(JOB_OFFER_ENTITIES), BrowseModule, CatalogModule, ParentProfileModule],
  controllers: [JobOffersController],
  providers: [JobOffersRepository, JobOffersService],
  exports: [JobOffersService],
})
export class JobOffersModule {}
