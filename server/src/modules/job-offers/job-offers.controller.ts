import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags, ApiOperation } from '@nestjs/swagger';
import { CurrentUser, ProfileTypes, type AuthUser } from '../auth/access/auth.decorators';
import { COMMON_ERRORS } from '../../common/errors/common.errors';
import { ApiErrors } from '../../common/errors/declare-errors';
import { IdPipe } from '../../common/id-pipe';
import { PARENT_ACCESS_ERRORS } from '../parent-profile/parent-profile.errors';
import { JobOfferBodyDto, JobOfferStatusBodyDto, JobOfferSummaryDto, OwnJobOfferDto } from './dto/job-offers.dto';
import { JOB_OFFER_ERRORS } from './job-offers.errors';
import { JobOffersService } from './job-offers.service';

const Id = () => new IdPipe();

@ApiTags('job-offers')
@ProfileTypes('Parent')
@ApiErrors(...PARENT_ACCESS_ERRORS)
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
  @ApiErrors(COMMON_ERRORS.validation, JOB_OFFER_ERRORS.limitReached)
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
  @ApiErrors(COMMON_ERRORS.validation, JOB_OFFER_ERRORS.notFound)
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
  @ApiErrors(JOB_OFFER_ERRORS.notFound)
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
  @ApiErrors(COMMON_ERRORS.validation, JOB_OFFER_ERRORS.notFound, JOB_OFFER_ERRORS.membershipRequired)
  setStatus(
    @CurrentUser() user: AuthUser,
    @Param('profileId', Id()) profileId: number,
    @Param('id', Id()) id: number,
    @Body() body: JobOfferStatusBodyDto,
  ): Promise<OwnJobOfferDto> {
    return this.offers.setStatus(profileId, id, user, body.status);
  }
}
