import { Module } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { UsersModule } from '../users/users.module';
import { createImageStorage, IMAGE_STORAGE } from './image-storage';
import { MediaController } from './media.controller';
import { ProfileImagesService } from './profile-images.service';

@Module({
  imports: [UsersModule],
  controllers: [MediaController],
  providers: [
    ProfileImagesService,
    // DATA_DIR/uploads, or the S3_BUCKET every process shares (closed with the app).
    { provide: IMAGE_STORAGE, inject: [APP_CONFIG], useFactory: (config: AppConfig) => createImageStorage(config) },
  ],
  exports: [ProfileImagesService],
})
export class MediaModule {}
