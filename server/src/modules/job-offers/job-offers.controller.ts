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
  @ApiOkResponse({ type: [OwnJobOfferDto] })
  all(@CurrentUser() user: AuthUser, @Param('profileId', Id()) profileId: number): Promise<OwnJobOfferDto[]> {
    return this.offers.all(profileId, user);
  }

  @Get('job-offers')
  @ApiOkResponse({ type: [JobOfferSummaryDto] })
  list(@CurrentUser() user: AuthUser, @Param('profileId', Id()) profileId: number): Promise<JobOfferSummaryDto[]> {
    return this.offers.summaries(profileId, user);
  }

  @Post('job-offers/add')
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
