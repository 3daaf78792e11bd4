import { Module } from '@nestjs/common';
import { ParentProfileModule } from '../parent-profile/parent-profile.module';
import { MembershipsController } from './memberships.controller';
import { MembershipsService } from './memberships.service';

@Module({
  imports: [ParentProfileModule],
  controllers: [MembershipsController],
  providers: [MembershipsService],
  exports: [MembershipsService],
})
export class MembershipsModule {}
