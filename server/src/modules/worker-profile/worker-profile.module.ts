import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { WorkerProfileController, WorkerProfileWriteController } from './worker-profile.controller';
import { WorkerProfileService } from './worker-profile.service';

@Module({
  imports: [CatalogModule],
  controllers: [WorkerProfileController, WorkerProfileWriteController],
  providers: [WorkerProfileService],
})
export class WorkerProfileModule {}
