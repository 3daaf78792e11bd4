import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendAnswer } from '../../common/http/prepared-answer';
import { Public } from '../auth/access/auth.decorators';
import { type Catalog, CatalogService, filterChoices } from './catalog.service';
import {
  EducationStatusChoicesDto,
  FilterChoicesDto,
  LanguageChoiceDto,
  PlacesDto,
  ServiceChoiceDto,
  ShiftChoicesDto,
  TaskChoiceDto,
  TaskChoicesDto,
  WorkArrangementChoicesDto,
} from './dto/catalog.dto';

/**
 * Choice lists change only with a deploy: browsers and proxies may keep them for an hour, then
 * ask again with the ETag (304).
 */
const CACHEABLE = 'public, max-age=3600';

type Request = FastifyRequest;
type Reply = FastifyReply;

@ApiTags('catalog')
@Public()
@Controller()
export class CatalogController {
  constructor(private readonly catalog: CatalogService) {}

  /** A list's answer, serialised, hashed and compressed once per process (CatalogService.prepared). */
  private async send(request: Request, reply: Reply, name: string, shape: (c: Catalog) => unknown): Promise<void> {
    await sendAnswer(request, reply, await this.catalog.prepared(name, shape), CACHEABLE);
  }

  @Get('services/get-choices')
  @ApiOkResponse({ type: [ServiceChoiceDto] })
  async services(@Req() request: Request, @Res() reply: Reply): Promise<void> {
    await this.send(request, reply, 'services', (c) => c.services);
  }

  @Get('worker-profile/services/get-choices')
  @ApiOkResponse({ type: [ServiceChoiceDto] })
  async workerServices(@Req() request: Request, @Res() reply: Reply): Promise<void> {
    await this.send(request, reply, 'services', (c) => c.services);
  }

  @Get('tasks/get-choices')
  @ApiOkResponse({ type: [TaskChoiceDto] })
  async tasks(@Req() request: Request, @Res() reply: Reply): Promise<void> {
    await this.send(request, reply, 'tasks', (c) => c.tasks);
  }

  @Get('worker-profile/tasks/get-choices')
  @ApiOkResponse({ type: TaskChoicesDto })
  async workerTasks(@Req() request: Request, @Res() reply: Reply): Promise<void> {
    await this.send(request, reply, 'worker-tasks', (c) => ({ tasks: c.tasks }));
  }

  @Get('worker-profile/work-arrangements/get-choices')
  @ApiOkResponse({ type: WorkArrangementChoicesDto })
  async workArrangements(@Req() request: Request, @Res() reply: Reply): Promise<void> {
    await this.send(request, reply, 'work-arrangements', (c) => ({ work_arrangements: c.workArrangements }));
  }

  @Get('worker-profile/languages/get-choices')
  @ApiOkResponse({ type: [LanguageChoiceDto] })
  async languages(@Req() request: Request, @Res() reply: Reply): Promise<void> {
    await this.send(request, reply, 'languages', (c) => c.languages);
  }

  @Get('worker-profile/shifts/get-choices')
  @ApiOkResponse({ type: ShiftChoicesDto })
  async shifts(@Req() request: Request, @Res() reply: Reply): Promise<void> {
    await this.send(request, reply, 'shifts', (c) => ({ shifts: c.shifts }));
  }

  @Get('worker-profile/education/get-status-choices')
  @ApiOkResponse({ type: EducationStatusChoicesDto })
  async educationStatuses(@Req() request: Request, @Res() reply: Reply): Promise<void> {
    await this.send(request, reply, 'education-statuses', (c) => ({ status_choices: c.educationStatuses }));
  }

  @Get('provinces-and-municipalities')
  @ApiOkResponse({ type: PlacesDto })
  async places(@Req() request: Request, @Res() reply: Reply): Promise<void> {
    await this.send(request, reply, 'places', (c) => ({ provinces: c.provinces, municipalities: c.municipalities }));
  }

  @Get('workers/get-filter-choices')
  @ApiOkResponse({ type: FilterChoicesDto })
  async workerFilterChoices(@Req() request: Request, @Res() reply: Reply): Promise<void> {
    await this.send(request, reply, 'filter-choices', filterChoices);
  }

  @Get('job-offers/get-filter-choices')
  @ApiOkResponse({ type: FilterChoicesDto })
  async jobOfferFilterChoices(@Req() request: Request, @Res() reply: Reply): Promise<void> {
    await this.send(request, reply, 'filter-choices', filterChoices);
  }
}
