import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ParentProfile } from './entities/parent-profile.entity';
import { ParentAccess } from './parent-access';
import { ParentProfileController } from './parent-profile.controller';
import { ParentProfileRepository } from './parent-profile.repository';
import { ParentProfileService } from './parent-profile.service';

@Module({
  imports: [TypeOrmModule.forFeature([ParentProfile])],
  controllers: [ParentProfileController],
  providers: [ParentProfileRepository, ParentAccess, ParentProfileService],
  exports: [ParentProfileRepository, ParentAccess, ParentProfileService],
})
export class ParentProfileModule {}
