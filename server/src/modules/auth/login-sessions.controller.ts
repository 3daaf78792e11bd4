import { Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { COMMON_ERRORS } from '../../common/errors/common.errors';
import { ApiErrors } from '../../common/errors/declare-errors';
import { Auth, CurrentUser } from './access/auth.decorators';
import { AUTH_ERRORS } from './auth.errors';
import { LoginSessionDto } from './dto/login-sessions.dto';
import { LoginSessionsService } from './login-sessions.service';
import type { SessionUser } from './session-tokens.service';

/** 'Sesiones activas' on the account page. The guards attach the session's user with its login (`familyId`). */
@ApiTags('auth')
@Controller('account/sessions')
export class LoginSessionsController {
  constructor(private readonly sessions: LoginSessionsService) {}

  @Get()
  @ApiOperation({ summary: 'Ver las sesiones abiertas de la cuenta (navegador, sistema, último uso)' })
  @Auth()
  @ApiOkResponse({ type: [LoginSessionDto] })
  list(@CurrentUser() user: SessionUser): Promise<LoginSessionDto[]> {
    return this.sessions.list(user);
  }

  @Post('end-others')
  @ApiOperation({ summary: 'Cerrar todas las demás sesiones de la cuenta' })
  @Auth()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Every other login ended' })
  @ApiErrors(COMMON_ERRORS.rateLimited)
  async endOthers(@CurrentUser() user: SessionUser): Promise<void> {
    await this.sessions.endOthers(user);
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Cerrar una sesión de la cuenta (la actual también)' })
  @Auth()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'The login ended: its tokens stop at once' })
  @ApiErrors(AUTH_ERRORS.loginSessionNotFound, COMMON_ERRORS.rateLimited)
  async end(@CurrentUser() user: SessionUser, @Param('id') id: string): Promise<void> {
    await this.sessions.end(user, id);
  }
}
