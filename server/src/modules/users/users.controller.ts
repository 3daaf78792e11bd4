import { Body, Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiTags, ApiOperation } from '@nestjs/swagger';
import { Auth, CurrentUser, type AuthUser } from '../auth/access/auth.decorators';
import { COMMON_ERRORS } from '../../common/errors/common.errors';
import { ApiErrors } from '../../common/errors/declare-errors';
import { PhoneUpdatedDto, UpdateNamesDto, UpdatePhoneDto, UserDataDto } from './dto/users.dto';
import { USER_ERRORS } from './users.errors';
import { UsersService } from './users.service';
import { IdPipe } from '../../common/id-pipe';

@ApiTags('users')
@Auth()
@Controller()
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get('user/get-data')
  @ApiOperation({ summary: 'Datos de la cuenta del usuario que ingresó' })
  @ApiOkResponse({ type: UserDataDto })
  data(@CurrentUser() user: AuthUser): Promise<UserDataDto> {
    return this.users.data(user.id);
  }

  @Put('user/:id/update')
  @ApiOperation({ summary: 'Cambiar el nombre y el apellido de la cuenta' })
  @ApiOkResponse({ type: UserDataDto })
  @ApiErrors(COMMON_ERRORS.validation, USER_ERRORS.notYourAccount, COMMON_ERRORS.notFound)
  update(
    @CurrentUser() user: AuthUser,
    @Param('id', IdPipe) id: number,
    @Body() form: UpdateNamesDto,
  ): Promise<UserDataDto> {
    return this.users.updateNames(user, id, form);
  }

  @Post('user/update-phone')
  @ApiOperation({ summary: 'Cambiar el teléfono de la cuenta' })
  @HttpCode(200)
  @ApiOkResponse({ type: PhoneUpdatedDto })
  @ApiErrors(COMMON_ERRORS.validation)
  updatePhone(@CurrentUser() user: AuthUser, @Body() form: UpdatePhoneDto): Promise<PhoneUpdatedDto> {
    return this.users.updatePhone(user, form.phone);
  }

  @Post('activity/ping')
  @ApiOperation({ summary: 'Registrar actividad reciente del usuario (última conexión)' })
  @HttpCode(204)
  @ApiNoContentResponse()
  async ping(@CurrentUser() user: AuthUser): Promise<void> {
    await this.users.touch(user.id);
  }
}
