import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PROFILE_ENTITIES } from './profile.entities';
import { ProfilesService } from './profiles.service';

@Global()
@Module({
  imports: [TypeOrmModule.forFeature(PROFILE_ENTITIES)],
  providers: [ProfilesService],
  exports: [ProfilesService],
})
export class ProfilesModule {}
