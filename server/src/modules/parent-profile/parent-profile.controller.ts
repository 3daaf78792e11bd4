import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
  ApiUnauthorizedResponse,
  ApiOperation,
} from '@nestjs/swagger';
import { CurrentUser, ProfileTypes, type AuthUser } from '../auth/access/auth.decorators';
import { ErrorBodyDto } from '../../common/error-body.dto';
import { IdPipe } from '../../common/id-pipe';
import { ParentInfoBodyDto, ParentInfoDto } from './dto/parent-profile.dto';
import { ParentProfileService } from './parent-profile.service';

const Id = () => new IdPipe();

@ApiTags('parent-profile')
@ProfileTypes('Parent')
@ApiUnauthorizedResponse({ type: ErrorBodyDto })
@ApiForbiddenResponse({ type: ErrorBodyDto })
@ApiNotFoundResponse({ type: ErrorBodyDto })
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
  @ApiBadRequestResponse({ type: ErrorBodyDto })
  update(
    @CurrentUser() user: AuthUser,
    @Param('id', Id()) id: number,
    @Body() body: ParentInfoBodyDto,
  ): Promise<ParentInfoDto> {
    return this.profiles.updateInfo(id, user, body);
  }
}
