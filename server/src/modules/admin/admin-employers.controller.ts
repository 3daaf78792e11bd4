import { Controller, Get, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags, ApiOperation } from '@nestjs/swagger';
import { AdminOnly, CurrentUser, type AuthUser } from '../auth/access/auth.decorators';
import { ApiErrors } from '../../common/errors/declare-errors';
import { IdPipe } from '../../common/id-pipe';
import { MEMBERSHIP_ERRORS } from '../memberships/memberships.errors';
import { ADMIN_ERRORS } from './admin.errors';
import { AdminEmployersService } from './admin-employers.service';
import { AdminParentDetailDto } from './dto/admin-employers.dto';
import { AdminMembershipDto } from './dto/admin.dto';

/** One employer in the back office and the membership granted by hand. */
@ApiTags('admin')
@AdminOnly()
@Controller('admin')
export class AdminEmployersController {
  constructor(private readonly employers: AdminEmployersService) {}

  @Get('parent-profile/:id')
  @ApiOperation({ summary: 'Administración: ficha de un empleador con su membresía y pagos' })
  @ApiOkResponse({ type: AdminParentDetailDto })
  @ApiErrors(ADMIN_ERRORS.parentNotFound)
  detail(@Param('id', new IdPipe()) id: number): Promise<AdminParentDetailDto> {
    return this.employers.detail(id);
  }

  /** Switches on the membership of an employer without an active one: 30 days, 'Manual'. */
  @Post('parent-profile/:id/membership/grant')
  @ApiOperation({ summary: 'Administración: otorgar una membresía a un empleador' })
  @ApiCreatedResponse({ type: AdminMembershipDto })
  @ApiErrors(ADMIN_ERRORS.parentNotFound, ADMIN_ERRORS.membershipAlreadyActive, MEMBERSHIP_ERRORS.noMembershipType)
  grant(@CurrentUser() actor: AuthUser, @Param('id', new IdPipe()) id: number): Promise<AdminMembershipDto> {
    return this.employers.grant(actor, id);
  }
}
