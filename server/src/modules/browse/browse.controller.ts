import { applyDecorators, Controller, Get, Param, ParseIntPipe, Query, Req, Res } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiQuery, ApiTags, getSchemaPath } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CatalogService } from '../catalog/catalog.service';
import { JobOfferDto, JobOfferPageDto, WorkerCardDto, WorkerPageDto } from './dto/browse.dto';
import { sendWithEtag } from './etag';
import { parseBrowseQuery } from './filters';
import { JobOffersDirectoryService } from './job-offers-directory.service';
import { WorkersDirectoryService } from './workers-directory.service';

/** The query parameters both directories accept (decisions: API). */
function BrowseQueryDocs() {
  return applyDecorators(
    ApiQuery({ name: 'page', required: false, type: Number }),
    ApiQuery({ name: 'page_size', required: false, type: Number, description: 'At most 100' }),
    ...['services', 'work_arrangements', 'tasks', 'languages'].map((name) =>
      ApiQuery({ name, required: false, type: String, description: 'Display labels, comma-separated (OR)' }),
    ),
    ApiQuery({
      name: 'work_shifts',
      required: false,
      type: String,
      description: 'Día:Turno labels, e.g. Lunes:Mañana',
    }),
    ApiQuery({ name: 'province', required: false, type: String, description: 'Province ids, comma-separated' }),
    ApiQuery({ name: 'municipality', required: false, type: String, description: 'Municipality ids, comma-separated' }),
  );
}

@ApiTags('browse')
@ApiExtraModels(WorkerCardDto, WorkerPageDto, JobOfferDto, JobOfferPageDto)
@Controller()
export class BrowseController {
  constructor(
    private readonly workers: WorkersDirectoryService,
    private readonly offers: JobOffersDirectoryService,
    private readonly catalog: CatalogService,
  ) {}

  /**
   * Without parameters: the spec's plain array of visible workers. With any filter key or
   * page/page_size: { results, count, page, page_size }, filtered and paged in the database.
   */
  @Get('workers')
  @BrowseQueryDocs()
  @ApiOkResponse({
    schema: {
      oneOf: [{ type: 'array', items: { $ref: getSchemaPath(WorkerCardDto) } }, { $ref: getSchemaPath(WorkerPageDto) }],
    },
  })
  async list(
    @Query() query: Record<string, unknown>,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const parsed = parseBrowseQuery(query, await this.catalog.get());
    const { results, count } = await this.workers.list(parsed);
    const body = parsed.paginated ? { results, count, page: parsed.page, page_size: parsed.pageSize } : results;
    sendWithEtag(request, reply, body);
  }

  /** Public offers, with the same query parameters and answer shapes as GET /api/workers/. */
  @Get('job-offers')
  @BrowseQueryDocs()
  @ApiOkResponse({
    schema: {
      oneOf: [{ type: 'array', items: { $ref: getSchemaPath(JobOfferDto) } }, { $ref: getSchemaPath(JobOfferPageDto) }],
    },
  })
  async listOffers(
    @Query() query: Record<string, unknown>,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const parsed = parseBrowseQuery(query, await this.catalog.get());
    const { results, count } = await this.offers.list(parsed);
    const body = parsed.paginated ? { results, count, page: parsed.page, page_size: parsed.pageSize } : results;
    sendWithEtag(request, reply, body);
  }

  @Get('job-offer/:id/get')
  @ApiOkResponse({ type: JobOfferDto })
  offer(@Param('id', new ParseIntPipe({ errorHttpStatusCode: 404 })) id: number): Promise<JobOfferDto> {
    return this.offers.get(id);
  }
}
