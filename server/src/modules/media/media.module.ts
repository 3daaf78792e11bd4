import { Module } from '@nestjs/common';
import { join } from 'node:path';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { UsersModule } from '../users/users.module';
import { IMAGE_STORAGE, LocalImageStorage } from './image-storage';
import { MediaController } from './media.controller';
import { ProfileImagesService } from './profile-images.service';

@Module({
  imports: [UsersModule],
  controllers: [MediaController],
  providers: [
    ProfileImagesService,
    {
      provide: IMAGE_STORAGE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new LocalImageStorage(join(config.database.dataDir, 'uploads')),
    },
  ],
  exports: [ProfileImagesService],
})
export class MediaModule {}
