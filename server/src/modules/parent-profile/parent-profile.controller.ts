import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { ApiOkResponse, ApiTags, ApiOperation } from '@nestjs/swagger';
import { CurrentUser, ProfileTypes, type AuthUser } from '../auth/access/auth.decorators';
import { COMMON_ERRORS } from '../../common/errors/common.errors';
import { ApiErrors } from '../../common/errors/declare-errors';
import { IdPipe } from '../../common/id-pipe';
import { PARENT_ACCESS_ERRORS } from './parent-profile.errors';
import { ParentInfoBodyDto, ParentInfoDto } from './dto/parent-profile.dto';
import { ParentProfileService } from './parent-profile.service';

const Id = () => new IdPipe();

@ApiTags('parent-profile')
@ProfileTypes('Parent')
@ApiErrors(...PARENT_ACCESS_ERRORS)
@Controller('parent-profile/:id')
export class ParentProfileController {
  constructor(private readonly profiles: ParentProfileService) {}

  @Get('get-info')
  @ApiOperation({ summary: 'Datos del perfil de empleador' })
  @ApiOkResponse({ type: ParentInfoDto })
  info(@CurrentUser() user: AuthUser, @Param('id', Id()) id: number): Promise<ParentInfoDto> {
    return this.profiles.info(id, user);
  }

  @Put('info/update')
  @ApiOperation({ summary: 'Actualizar los datos del perfil de empleador' })
  @ApiOkResponse({ type: ParentInfoDto })
  @ApiErrors(COMMON_ERRORS.validation)
  update(
    @CurrentUser() user: AuthUser,
    @Param('id', Id()) id: number,
    @Body() body: ParentInfoBodyDto,
  ): Promise<ParentInfoDto> {
    return this.profiles.updateInfo(id, user, body);
  }
}
