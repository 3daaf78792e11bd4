import { Module } from '@nestjs/common';
import { ParentAccess } from './parent-access';
import { ParentProfileController } from './parent-profile.controller';
import { ParentProfileService } from './parent-profile.service';

@Module({
  controllers: [ParentProfileController],
  providers: [ParentAccess, ParentProfileService],
  exports: [ParentAccess],
})
export class ParentProfileModule {}
