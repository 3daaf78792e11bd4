import { applyDecorators, Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiQuery, ApiTags, getSchemaPath, ApiOperation } from '@nestjs/swagger';
import {
  DEFAULT_RADIUS_KM,
  DIRECTORY_FILTER_KEYS,
  DIRECTORY_FILTER_RULES,
  DIRECTORY_PAGE_SIZE,
  DIRECTORY_RADII_KM,
} from '@cym/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CatalogService } from '../catalog/catalog.service';
import { COMMON_ERRORS } from '../../common/errors/common.errors';
import { ApiErrors } from '../../common/errors/declare-errors';
import { BROWSE_ERRORS } from './browse.errors';
import { JobOfferDto, JobOfferPageDto, WorkerCardDto, WorkerPageDto } from './dto/browse.dto';
import { JsonText, sendAnswer } from '../../common/http/prepared-answer';
import { DirectoryCache, directoryKey } from './directory-cache';
import { parseBrowseQuery } from './filters';
import { JobOffersDirectoryService } from './job-offers-directory.service';
import { WorkersDirectoryService } from './workers-directory.service';
import { IdPipe } from '../../common/id-pipe';
import { OptionalAuth, OptionalUser, Public, type AuthUser } from '../auth/access/auth.decorators';
import { BlocksService } from '../blocks/blocks.service';
import { withoutBlocked } from './without-blocked';

/** The query parameters both directories accept. */
function BrowseQueryDocs() {
  return applyDecorators(
    ApiQuery({ name: 'page', required: false, type: Number }),
    ApiQuery({
      name: 'page_size',
      required: false,
      type: Number,
      description: `At most ${DIRECTORY_PAGE_SIZE.max}`,
    }),
    // The filter keys and what their values are: common's list, which the parser and the web read.
    ...DIRECTORY_FILTER_KEYS.map((name) =>
      ApiQuery({ name, required: false, type: String, description: DIRECTORY_FILTER_RULES[name].description }),
    ),
    // 'Cerca de' (common's parseDirectoryNear): results within the radius, nearest first.
    ApiQuery({
      name: 'near',
      required: false,
      type: Number,
      description: 'A municipality id: only results within radius_km of it, nearest first, each with distance_km',
    }),
    ApiQuery({
      name: 'radius_km',
      required: false,
      type: Number,
      enum: [...DIRECTORY_RADII_KM],
      description: `Kilometres around near (default ${DEFAULT_RADIUS_KM}); ignored without near`,
    }),
  );
}

@ApiTags('browse')
@ApiExtraModels(WorkerCardDto, WorkerPageDto, JobOfferDto, JobOfferPageDto)
@Public()
@Controller()
export class BrowseController {
  constructor(
    private readonly workers: WorkersDirectoryService,
    private readonly offers: JobOffersDirectoryService,
    private readonly catalog: CatalogService,
    private readonly cache: DirectoryCache,
    private readonly blocks: BlocksService,
  ) {}

  /**
   * One directory answer: from the cache when fresh, else read, shaped and kept. A signed-in
   * viewer who blocked people gets it without their cards (taken out after the cache, for them only).
   */
  private async respond(
    kind: 'workers' | 'job-offers',
    query: Record<string, unknown>,
    viewer: AuthUser | null,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<void> {
    const parsed = parseBrowseQuery(query, await this.catalog.get());
    const answer = await this.cache.answer(directoryKey(kind, parsed), async () => {
      const { cards, count, exact } =
        kind === 'workers' ? await this.workers.list(parsed) : await this.offers.list(parsed);
      return new JsonText(
        parsed.paginated
          ? `{"results":${cards},"count":${count},"count_exact":${exact},"page":${parsed.page},"page_size":${parsed.pageSize}}`
          : cards,
      );
    });
    const hidden = viewer && !viewer.isAdmin ? await this.blocks.hiddenProfiles(viewer.id) : null;
    await sendAnswer(request, reply, hidden ? withoutBlocked(answer, kind, hidden) : answer);
  }

  /**
   * Without parameters: the plain array of visible workers (the first DIRECTORY_ARRAY_MAX). With
   * any filter key or page/page_size: { results, count, count_exact, page, page_size }, filtered
   * and paged in the database, the count exact up to DIRECTORY_COUNT_BOUND (or the page's last row).
   */
  @Get('workers')
  @ApiOperation({ summary: 'Buscar trabajadoras en el directorio, con filtros y paginado' })
  @BrowseQueryDocs()
  @ApiOkResponse({
    schema: {
      oneOf: [{ type: 'array', items: { $ref: getSchemaPath(WorkerCardDto) } }, { $ref: getSchemaPath(WorkerPageDto) }],
    },
  })
  @ApiErrors(COMMON_ERRORS.validation)
  @OptionalAuth()
  async list(
    @Query() query: Record<string, unknown>,
    @OptionalUser() viewer: AuthUser | null,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.respond('workers', query, viewer, request, reply);
  }

  /** Public offers, with the same query parameters and answer shapes as GET /api/workers/. */
  @Get('job-offers')
  @ApiOperation({ summary: 'Buscar ofertas de trabajo publicadas, con filtros y paginado' })
  @BrowseQueryDocs()
  @ApiOkResponse({
    schema: {
      oneOf: [{ type: 'array', items: { $ref: getSchemaPath(JobOfferDto) } }, { $ref: getSchemaPath(JobOfferPageDto) }],
    },
  })
  @ApiErrors(COMMON_ERRORS.validation)
  @OptionalAuth()
  async listOffers(
    @Query() query: Record<string, unknown>,
    @OptionalUser() viewer: AuthUser | null,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.respond('job-offers', query, viewer, request, reply);
  }

  @Get('job-offer/:id/get')
  @ApiOperation({ summary: 'Ver una oferta de trabajo publicada' })
  @ApiOkResponse({ type: JobOfferDto })
  @ApiErrors(BROWSE_ERRORS.offerNotFound)
  offer(@Param('id', IdPipe) id: number): Promise<JobOfferDto> {
    return this.offers.get(id);
  }
}
