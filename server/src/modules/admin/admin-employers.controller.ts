import { Controller, Get, Param, Post } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
  ApiUnauthorizedResponse,
  ApiOperation,
} from '@nestjs/swagger';
import { AdminOnly, CurrentUser, type AuthUser } from '../auth/access/auth.decorators';
import { ErrorBodyDto } from '../../common/error-body.dto';
import { IdPipe } from '../../common/id-pipe';
import { AdminEmployersService } from './admin-employers.service';
import { AdminParentDetailDto } from './dto/admin-employers.dto';
import { AdminMembershipDto } from './dto/admin.dto';

/** One employer in the back office and the membership granted by hand (issue 16, items 7, 11). */
@ApiTags('admin')
@AdminOnly()
@ApiUnauthorizedResponse({ type: ErrorBodyDto })
@ApiForbiddenResponse({ type: ErrorBodyDto })
@Controller('admin')
export class AdminEmployersController {
  constructor(private readonly employers: AdminEmployersService) {}

  @Get('parent-profile/:id')
  @ApiOperation({ summary: 'Administración: ficha de un empleador con su membresía y pagos' })
  @ApiOkResponse({ type: AdminParentDetailDto })
  @ApiNotFoundResponse({ type: ErrorBodyDto })
  detail(@Param('id', new IdPipe()) id: number): Promise<AdminParentDetailDto> {
    return this.employers.detail(id);
  }

  /** Switches on the membership of an employer without an active one: 30 days, 'Manual'. */
  @Post('parent-profile/:id/membership/grant')
  @ApiOperation({ summary: 'Administración: otorgar una membresía a un empleador' })
  @ApiCreatedResponse({ type: AdminMembershipDto })
  @ApiNotFoundResponse({ type: ErrorBodyDto })
  @ApiConflictResponse({ type: ErrorBodyDto })
  grant(@CurrentUser() actor: AuthUser, @Param('id', new IdPipe()) id: number): Promise<AdminMembershipDto> {
    return this.employers.grant(actor, id);
  }
}
