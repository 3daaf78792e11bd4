import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
  ApiUnauthorizedResponse,
  ApiOperation,
} from '@nestjs/swagger';
import { Auth, CurrentUser, ProfileTypes, Public, type AuthUser } from '../auth/access/auth.decorators';
import { ErrorBodyDto } from '../../common/error-body.dto';
import { IdPipe } from '../../common/id-pipe';
import {
  BankDetailsDto,
  CreateMembershipBodyDto,
  MembershipCreatedDto,
  MembershipDto,
  MembershipTypeDto,
} from './dto/memberships.dto';
import { MembershipsService } from './memberships.service';

const Id = () => new IdPipe();

@ApiTags('memberships')
@Controller()
export class MembershipsController {
  constructor(private readonly memberships: MembershipsService) {}

  /** The price the screens show; no login needed (spec 03 §6). */
  @Get('membership-type/get')
  @ApiOperation({ summary: 'Precio y duración de la membresía de empleador' })
  @Public()
  @ApiOkResponse({ type: MembershipTypeDto })
  @ApiNotFoundResponse({ type: ErrorBodyDto })
  type(): Promise<MembershipTypeDto> {
    return this.memberships.currentType();
  }

  @Get('payments/bank-transfer/details')
  @ApiOperation({ summary: 'Datos bancarios para pagar la membresía por transferencia' })
  @Auth()
  @ApiOkResponse({ type: BankDetailsDto })
  @ApiUnauthorizedResponse({ type: ErrorBodyDto })
  bankDetails(): BankDetailsDto {
    return this.memberships.bankDetails();
  }

  @Get('parent-profile/:id/membership/get')
  @ApiOperation({ summary: 'Estado de la membresía del empleador' })
  @ProfileTypes('Parent')
  @ApiOkResponse({ type: [MembershipDto] })
  @ApiUnauthorizedResponse({ type: ErrorBodyDto })
  @ApiForbiddenResponse({ type: ErrorBodyDto })
  @ApiNotFoundResponse({ type: ErrorBodyDto })
  ofParent(@CurrentUser() user: AuthUser, @Param('id', Id()) id: number): Promise<MembershipDto[]> {
    return this.memberships.ofParent(id, user);
  }

  @Post('parent-profile/:profileId/membership/:membershipTypeId/create')
  @ApiOperation({ summary: 'Iniciar la compra de una membresía (pago pendiente)' })
  @ProfileTypes('Parent')
  @ApiCreatedResponse({ type: MembershipCreatedDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto })
  @ApiUnauthorizedResponse({ type: ErrorBodyDto })
  @ApiForbiddenResponse({ type: ErrorBodyDto })
  @ApiNotFoundResponse({ type: ErrorBodyDto })
  create(
    @CurrentUser() user: AuthUser,
    @Param('profileId', Id()) profileId: number,
    @Param('membershipTypeId', Id()) typeId: number,
    @Body() body: CreateMembershipBodyDto,
  ): Promise<MembershipCreatedDto> {
    return this.memberships.requestBankTransfer(profileId, typeId, user, body.payment.amount);
  }
}
