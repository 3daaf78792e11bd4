import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiQuery, ApiTags, getSchemaPath } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CatalogService } from '../catalog/catalog.service';
import { WorkerCardDto, WorkerPageDto } from './dto/browse.dto';
import { sendWithEtag } from './etag';
import { parseBrowseQuery } from './filters';
import { WorkersDirectoryService } from './workers-directory.service';

@ApiTags('browse')
@ApiExtraModels(WorkerCardDto, WorkerPageDto)
@Controller()
export class BrowseController {
  constructor(
    private readonly workers: WorkersDirectoryService,
    private readonly catalog: CatalogService,
  ) {}

  /**
   * Without parameters: the spec's plain array of visible workers. With any filter key or
   * page/page_size: { results, count, page, page_size }, filtered and paged in the database.
   */
  @Get('workers')
  @ApiQuery({ name: 'page', required: false, type: Number })
  @ApiQuery({ name: 'page_size', required: false, type: Number, description: 'At most 100' })
  @ApiQuery({ name: 'services', required: false, description: 'Display labels, comma-separated (OR)' })
  @ApiQuery({ name: 'work_shifts', required: false, description: 'Día:Turno labels, e.g. Lunes:Mañana' })
  @ApiQuery({ name: 'province', required: false })
  @ApiQuery({ name: 'municipality', required: false })
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
}
