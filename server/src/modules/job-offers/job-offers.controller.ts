import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
  ApiUnauthorizedResponse,
  ApiOperation,
} from '@nestjs/swagger';
import { CurrentUser, ProfileTypes, type AuthUser } from '../auth/access/auth.decorators';
import { ErrorBodyDto } from '../../common/error-body.dto';
import { IdPipe } from '../../common/id-pipe';
import { JobOfferBodyDto, JobOfferStatusBodyDto, JobOfferSummaryDto, OwnJobOfferDto } from './dto/job-offers.dto';
import { JobOffersService } from './job-offers.service';

const Id = () => new IdPipe();

@ApiTags('job-offers')
@ProfileTypes('Parent')
@ApiUnauthorizedResponse({ type: ErrorBodyDto })
@ApiForbiddenResponse({ type: ErrorBodyDto })
@ApiNotFoundResponse({ type: ErrorBodyDto })
@Controller('parent-profile/:profileId')
export class JobOffersController {
  constructor(private readonly offers: JobOffersService) {}

  @Get('job-offers/get-all')
  @ApiOperation({ summary: 'Todas las ofertas del empleador, completas, para editarlas' })
  @ApiOkResponse({ type: [OwnJobOfferDto] })
  all(@CurrentUser() user: AuthUser, @Param('profileId', Id()) profileId: number): Promise<OwnJobOfferDto[]> {
    return this.offers.all(profileId, user);
  }

  @Get('job-offers')
  @ApiOperation({ summary: 'Resumen de las ofertas del empleador (título y estado)' })
  @ApiOkResponse({ type: [JobOfferSummaryDto] })
  list(@CurrentUser() user: AuthUser, @Param('profileId', Id()) profileId: number): Promise<JobOfferSummaryDto[]> {
    return this.offers.summaries(profileId, user);
  }

  @Post('job-offers/add')
  @ApiOperation({ summary: 'Publicar una oferta de trabajo nueva' })
  @ApiCreatedResponse({ type: OwnJobOfferDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'Validation, or the limit of 2 offers' })
  add(
    @CurrentUser() user: AuthUser,
    @Param('profileId', Id()) profileId: number,
    @Body() body: JobOfferBodyDto,
  ): Promise<OwnJobOfferDto> {
    return this.offers.add(profileId, user, body);
  }

  @Put('job-offer/:id/update')
  @ApiOperation({ summary: 'Modificar una oferta de trabajo propia' })
  @ApiOkResponse({ type: OwnJobOfferDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto })
  update(
    @CurrentUser() user: AuthUser,
    @Param('profileId', Id()) profileId: number,
    @Param('id', Id()) id: number,
    @Body() body: JobOfferBodyDto,
  ): Promise<OwnJobOfferDto> {
    return this.offers.update(profileId, id, user, body);
  }

  @Delete('job-offer/:id/delete')
  @ApiOperation({ summary: 'Borrar una oferta de trabajo propia' })
  @HttpCode(204)
  @ApiNoContentResponse()
  remove(
    @CurrentUser() user: AuthUser,
    @Param('profileId', Id()) profileId: number,
    @Param('id', Id()) id: number,
  ): Promise<void> {
    return this.offers.remove(profileId, id, user);
  }

  @Patch('job-offer/:id/update-status')
  @ApiOperation({ summary: 'Activar o pausar una oferta de trabajo propia' })
  @ApiOkResponse({ type: OwnJobOfferDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto })
  setStatus(
    @CurrentUser() user: AuthUser,
    @Param('profileId', Id()) profileId: number,
    @Param('id', Id()) id: number,
    @Body() body: JobOfferStatusBodyDto,
  ): Promise<OwnJobOfferDto> {
    return this.offers.setStatus(profileId, id, user, body.status);
  }
}
