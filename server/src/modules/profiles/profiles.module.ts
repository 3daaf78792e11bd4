import { Global, Module } from '@nestjs/common';
import { ProfilesRepository } from './profiles.repository';
import { ProfilesService } from './profiles.service';

/** Profile facts that sessions and guards need; the profile features own the tables' entities. */
@Global()
@Module({
  providers: [ProfilesRepository, ProfilesService],
  exports: [ProfilesService],
})
export class ProfilesModule {}
