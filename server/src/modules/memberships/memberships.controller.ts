import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
  ApiUnauthorizedResponse,
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
  @Public()
  @ApiOkResponse({ type: MembershipTypeDto })
  @ApiNotFoundResponse({ type: ErrorBodyDto })
  type(): Promise<MembershipTypeDto> {
    return this.memberships.currentType();
  }

  @Get('payments/bank-transfer/details')
  @Auth()
  @ApiOkResponse({ type: BankDetailsDto })
  @ApiUnauthorizedResponse({ type: ErrorBodyDto })
  bankDetails(): BankDetailsDto {
    return this.memberships.bankDetails();
  }

  @Get('parent-profile/:id/membership/get')
  @ProfileTypes('Parent')
  @ApiOkResponse({ type: [MembershipDto] })
  @ApiUnauthorizedResponse({ type: ErrorBodyDto })
  @ApiForbiddenResponse({ type: ErrorBodyDto })
  @ApiNotFoundResponse({ type: ErrorBodyDto })
  ofParent(@CurrentUser() user: AuthUser, @Param('id', Id()) id: number): Promise<MembershipDto[]> {
    return this.memberships.ofParent(id, user);
  }

  @Post('parent-profile/:profileId/membership/:membershipTypeId/create')
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
