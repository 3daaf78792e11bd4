import { Module } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { UsersModule } from '../users/users.module';
import { ImageDecoder } from './image-decoder';
import { IMAGE_STORAGE } from './image-storage';
import { createImageStorage } from './image-storage.factory';
import { MediaController } from './media.controller';
import { MediaRepository } from './media.repository';
import { PhotoFilesSweep } from './photo-files-sweep';
import { ProfileImagesService } from './profile-images.service';

@Module({
  imports: [UsersModule],
  controllers: [MediaController],
  providers: [
    MediaRepository,
    ProfileImagesService,
    // The one decode queue (and HEIC decoder) of the process: photos, documents, PDF pages.
    { provide: ImageDecoder, useFactory: () => new ImageDecoder() },
    PhotoFilesSweep,
    // DATA_DIR/uploads, or the S3_BUCKET every process shares (closed with the app).
    { provide: IMAGE_STORAGE, inject: [APP_CONFIG], useFactory: (config: AppConfig) => createImageStorage(config) },
  ],
  exports: [ProfileImagesService, ImageDecoder],
})
export class MediaModule {}
