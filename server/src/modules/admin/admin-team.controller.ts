import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminOnly, CurrentUser, type AuthUser } from '../auth/access/auth.decorators';
import { COMMON_ERRORS } from '../../common/errors/common.errors';
import { ApiErrors } from '../../common/errors/declare-errors';
import { IdPipe } from '../../common/id-pipe';
import { ADMIN_ERRORS } from './admin.errors';
import { AdminTeamService } from './admin-team.service';
import { AdminTeamMemberDto } from './dto/admin.dto';

/** The team screen: the admins, and resetting another admin's second factor. Admins only. */
@ApiTags('admin')
@AdminOnly()
@Controller('admin/team')
export class AdminTeamController {
  constructor(private readonly team: AdminTeamService) {}

  @Get()
  @ApiOperation({ summary: 'Administración: el equipo (los administradores) y su segundo factor' })
  @ApiOkResponse({ type: [AdminTeamMemberDto] })
  list(@CurrentUser() actor: AuthUser): Promise<AdminTeamMemberDto[]> {
    return this.team.team(actor);
  }

  @Post(':id/second-factor/reset')
  @ApiOperation({
    summary: 'Administración: restablecer el segundo factor de otro administrador (y cerrar sus sesiones)',
  })
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Reset: their sessions ended, their next login enrols again' })
  @ApiErrors(
    COMMON_ERRORS.notFound,
    ADMIN_ERRORS.ownSecondFactor,
    ADMIN_ERRORS.userNotFound,
    ADMIN_ERRORS.notAnAdmin,
    COMMON_ERRORS.rateLimited,
  )
  resetSecondFactor(@CurrentUser() actor: AuthUser, @Param('id', new IdPipe()) id: number): Promise<void> {
    return this.team.resetSecondFactor(actor, id);
  }
}
