import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ParentProfileModule } from '../parent-profile/parent-profile.module';
import { PaymentLedgerModule } from '../payments/payment-ledger';
import { MEMBERSHIP_ENTITIES } from './entities/membership.entities';
import { MembershipsController } from './memberships.controller';
import { MembershipsRepository } from './memberships.repository';
import { MembershipsService } from './memberships.service';

@Module({
  imports: [TypeOrmModule.forFeature(MEMBERSHIP_ENTITIES), ParentProfileModule, PaymentLedgerModule],
  controllers: [MembershipsController],
  providers: [MembershipsRepository, MembershipsService],
  exports: [MembershipsService],
})
export class MembershipsModule {}
