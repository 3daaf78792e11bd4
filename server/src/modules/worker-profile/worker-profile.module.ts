import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CatalogModule } from '../catalog/catalog.module';
import { WORKER_PROFILE_ENTITIES } from './entities/worker-profile.entities';
import { WorkerProfileController, WorkerProfileWriteController } from './worker-profile.controller';
import { PublicProfileCache } from './public-profile-cache';
import { WorkerProfileRepository } from './worker-profile.repository';
import { WorkerProfileService } from './worker-profile.service';

@Module({
  imports: [TypeOrmModule.forFeature(WORKER_PROFILE_ENTITIES), CatalogModule],
  controllers: [WorkerProfileController, WorkerProfileWriteController],
  providers: [WorkerProfileRepository, WorkerProfileService, PublicProfileCache],
  exports: [WorkerProfileRepository, WorkerProfileService],
})
export class WorkerProfileModule {}
