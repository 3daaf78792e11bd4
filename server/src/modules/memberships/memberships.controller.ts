import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags, ApiOperation } from '@nestjs/swagger';
import { Auth, CurrentUser, ProfileTypes, Public, type AuthUser } from '../auth/access/auth.decorators';
import { COMMON_ERRORS } from '../../common/errors/common.errors';
import { ApiErrors } from '../../common/errors/declare-errors';
import { IdPipe } from '../../common/id-pipe';
import { PARENT_ACCESS_ERRORS } from '../parent-profile/parent-profile.errors';
import {
  BankDetailsDto,
  CreateMembershipBodyDto,
  MembershipCreatedDto,
  MembershipDto,
  MembershipTypeDto,
} from './dto/memberships.dto';
import { MEMBERSHIP_ERRORS } from './memberships.errors';
import { MembershipsService } from './memberships.service';

const Id = () => new IdPipe();

@ApiTags('memberships')
@Controller()
export class MembershipsController {
  constructor(private readonly memberships: MembershipsService) {}

  /** The price the screens show; no login needed. */
  @Get('membership-type/get')
  @ApiOperation({ summary: 'Precio y duración de la membresía de empleador' })
  @Public()
  @ApiOkResponse({ type: MembershipTypeDto })
  @ApiErrors(MEMBERSHIP_ERRORS.noMembershipType)
  type(): Promise<MembershipTypeDto> {
    return this.memberships.currentType();
  }

  @Get('payments/bank-transfer/details')
  @ApiOperation({ summary: 'Datos bancarios para pagar la membresía por transferencia' })
  @Auth()
  @ApiOkResponse({ type: BankDetailsDto })
  bankDetails(): BankDetailsDto {
    return this.memberships.bankDetails();
  }

  @Get('parent-profile/:id/membership/get')
  @ApiOperation({ summary: 'Estado de la membresía del empleador' })
  @ProfileTypes('Parent')
  @ApiOkResponse({ type: [MembershipDto] })
  @ApiErrors(...PARENT_ACCESS_ERRORS)
  ofParent(@CurrentUser() user: AuthUser, @Param('id', Id()) id: number): Promise<MembershipDto[]> {
    return this.memberships.ofParent(id, user);
  }

  @Post('parent-profile/:profileId/membership/:membershipTypeId/create')
  @ApiOperation({ summary: 'Iniciar la compra de una membresía (pago pendiente)' })
  @ProfileTypes('Parent')
  @ApiCreatedResponse({ type: MembershipCreatedDto })
  @ApiErrors(COMMON_ERRORS.validation, ...PARENT_ACCESS_ERRORS, MEMBERSHIP_ERRORS.noMembershipType)
  create(
    @CurrentUser() user: AuthUser,
    @Param('profileId', Id()) profileId: number,
    @Param('membershipTypeId', Id()) typeId: number,
    @Body() body: CreateMembershipBodyDto,
  ): Promise<MembershipCreatedDto> {
    return this.memberships.requestBankTransfer(profileId, typeId, user, body.payment.amount);
  }
}
