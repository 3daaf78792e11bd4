import { Controller, Delete, Get, HttpCode, Param, Put } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth, CurrentUser, ProfileTypes, type AuthUser } from '../auth/access/auth.decorators';
import { COMMON_ERRORS } from '../../common/errors/common.errors';
import { ApiErrors } from '../../common/errors/declare-errors';
import { IdPipe } from '../../common/id-pipe';
import { SavedOfferDto, SavedWorkerDto, ShortlistIdsDto } from './dto/shortlists.dto';
import { SHORTLIST_ERRORS } from './shortlists.errors';
import { ShortlistsService } from './shortlists.service';

/** /guardados: an employer's saved workers, a worker's saved offers. */
@ApiTags('shortlists')
@Controller('shortlist')
export class ShortlistsController {
  constructor(private readonly shortlists: ShortlistsService) {}

  @Get('ids')
  @ApiOperation({ summary: 'Identificadores de las trabajadoras y ofertas guardadas' })
  @Auth()
  @ApiOkResponse({ type: ShortlistIdsDto })
  ids(@CurrentUser() user: AuthUser): Promise<ShortlistIdsDto> {
    return this.shortlists.ids(user.id);
  }

  @Get('workers')
  @ApiOperation({ summary: 'Trabajadoras guardadas por el empleador' })
  @ProfileTypes('Parent')
  @ApiOkResponse({ type: [SavedWorkerDto] })
  workers(@CurrentUser() user: AuthUser): Promise<SavedWorkerDto[]> {
    return this.shortlists.workers(user.id);
  }

  @Put('workers/:id')
  @ApiOperation({ summary: 'Guardar una trabajadora en la lista del empleador' })
  @ProfileTypes('Parent')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Saved (saving twice keeps one)' })
  @ApiErrors(SHORTLIST_ERRORS.workerNotFound, SHORTLIST_ERRORS.full, COMMON_ERRORS.rateLimited)
  saveWorker(@CurrentUser() user: AuthUser, @Param('id', IdPipe) id: number): Promise<void> {
    return this.shortlists.save(user.id, 'worker', id);
  }

  @Delete('workers/:id')
  @ApiOperation({ summary: 'Quitar una trabajadora de la lista del empleador' })
  @ProfileTypes('Parent')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Not saved any more' })
  @ApiErrors(COMMON_ERRORS.rateLimited)
  removeWorker(@CurrentUser() user: AuthUser, @Param('id', IdPipe) id: number): Promise<void> {
    return this.shortlists.remove(user.id, 'worker', id);
  }

  @Get('job-offers')
  @ApiOperation({ summary: 'Ofertas guardadas por la trabajadora' })
  @ProfileTypes('Worker')
  @ApiOkResponse({ type: [SavedOfferDto] })
  offers(@CurrentUser() user: AuthUser): Promise<SavedOfferDto[]> {
    return this.shortlists.offers(user.id);
  }

  @Put('job-offers/:id')
  @ApiOperation({ summary: 'Guardar una oferta en la lista de la trabajadora' })
  @ProfileTypes('Worker')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Saved (saving twice keeps one)' })
  @ApiErrors(SHORTLIST_ERRORS.offerNotFound, SHORTLIST_ERRORS.full, COMMON_ERRORS.rateLimited)
  saveOffer(@CurrentUser() user: AuthUser, @Param('id', IdPipe) id: number): Promise<void> {
    return this.shortlists.save(user.id, 'offer', id);
  }

  @Delete('job-offers/:id')
  @ApiOperation({ summary: 'Quitar una oferta de la lista de la trabajadora' })
  @ProfileTypes('Worker')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Not saved any more' })
  @ApiErrors(COMMON_ERRORS.rateLimited)
  removeOffer(@CurrentUser() user: AuthUser, @Param('id', IdPipe) id: number): Promise<void> {
    return this.shortlists.remove(user.id, 'offer', id);
  }
}
