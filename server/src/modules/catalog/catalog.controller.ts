import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags, ApiOperation } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiErrors } from '../../common/errors/declare-errors';
import { sendAnswer } from '../../common/http/prepared-answer';
import { IdPipe } from '../../common/id-pipe';
import { Public } from '../auth/access/auth.decorators';
import { CATALOG_ERRORS } from './catalog.errors';
import { type Catalog, CatalogService, directoryFilterChoices, filterChoices } from './catalog.service';
import {
  DirectoryFilterChoicesDto,
  EducationStatusChoicesDto,
  FilterChoicesDto,
  LanguageChoiceDto,
  MunicipalityDto,
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
  @ApiOperation({ summary: 'Lista de servicios (limpieza, cuidado de niños…)' })
  @ApiOkResponse({ type: [ServiceChoiceDto] })
  async services(@Req() request: Request, @Res() reply: Reply): Promise<void> {
    await this.send(request, reply, 'services', (c) => c.services);
  }

  @Get('worker-profile/services/get-choices')
  @ApiOperation({ summary: 'Lista de servicios para el perfil de trabajadora' })
  @ApiOkResponse({ type: [ServiceChoiceDto] })
  async workerServices(@Req() request: Request, @Res() reply: Reply): Promise<void> {
    await this.send(request, reply, 'services', (c) => c.services);
  }

  @Get('tasks/get-choices')
  @ApiOperation({ summary: 'Lista de tareas, agrupadas por servicio' })
  @ApiOkResponse({ type: [TaskChoiceDto] })
  async tasks(@Req() request: Request, @Res() reply: Reply): Promise<void> {
    await this.send(request, reply, 'tasks', (c) => c.tasks);
  }

  @Get('worker-profile/tasks/get-choices')
  @ApiOperation({ summary: 'Lista de tareas para el perfil de trabajadora, por servicio' })
  @ApiOkResponse({ type: TaskChoicesDto })
  async workerTasks(@Req() request: Request, @Res() reply: Reply): Promise<void> {
    await this.send(request, reply, 'worker-tasks', (c) => ({ tasks: c.tasks }));
  }

  @Get('worker-profile/work-arrangements/get-choices')
  @ApiOperation({ summary: 'Lista de modalidades de trabajo (con o sin retiro)' })
  @ApiOkResponse({ type: WorkArrangementChoicesDto })
  async workArrangements(@Req() request: Request, @Res() reply: Reply): Promise<void> {
    await this.send(request, reply, 'work-arrangements', (c) => ({ work_arrangements: c.workArrangements }));
  }

  @Get('worker-profile/languages/get-choices')
  @ApiOperation({ summary: 'Lista de idiomas' })
  @ApiOkResponse({ type: [LanguageChoiceDto] })
  async languages(@Req() request: Request, @Res() reply: Reply): Promise<void> {
    await this.send(request, reply, 'languages', (c) => c.languages);
  }

  @Get('worker-profile/shifts/get-choices')
  @ApiOperation({ summary: 'Lista de turnos y días de la semana' })
  @ApiOkResponse({ type: ShiftChoicesDto })
  async shifts(@Req() request: Request, @Res() reply: Reply): Promise<void> {
    await this.send(request, reply, 'shifts', (c) => ({ shifts: c.shifts }));
  }

  @Get('worker-profile/education/get-status-choices')
  @ApiOperation({ summary: 'Lista de estados de un estudio (en curso, completo…)' })
  @ApiOkResponse({ type: EducationStatusChoicesDto })
  async educationStatuses(@Req() request: Request, @Res() reply: Reply): Promise<void> {
    await this.send(request, reply, 'education-statuses', (c) => ({ status_choices: c.educationStatuses }));
  }

  @Get('provinces-and-municipalities')
  @ApiOperation({ summary: 'Provincias y municipios de la Argentina' })
  @ApiOkResponse({ type: PlacesDto })
  async places(@Req() request: Request, @Res() reply: Reply): Promise<void> {
    await this.send(request, reply, 'places', (c) => ({ provinces: c.provinces, municipalities: c.municipalities }));
  }

  @Get('workers/get-filter-choices')
  @ApiOperation({ summary: 'Opciones de los filtros del directorio de trabajadoras' })
  @ApiOkResponse({ type: FilterChoicesDto })
  async workerFilterChoices(@Req() request: Request, @Res() reply: Reply): Promise<void> {
    await this.send(request, reply, 'filter-choices', filterChoices);
  }

  @Get('job-offers/get-filter-choices')
  @ApiOperation({ summary: 'Opciones de los filtros del listado de ofertas' })
  @ApiOkResponse({ type: FilterChoicesDto })
  async jobOfferFilterChoices(@Req() request: Request, @Res() reply: Reply): Promise<void> {
    await this.send(request, reply, 'filter-choices', filterChoices);
  }

  @Get('directory-filter-choices')
  @ApiOperation({
    summary: 'Opciones de los filtros de los dos directorios, sin los municipios (se piden por provincia)',
  })
  @ApiOkResponse({ type: DirectoryFilterChoicesDto })
  async directoryFilterChoices(@Req() request: Request, @Res() reply: Reply): Promise<void> {
    await this.send(request, reply, 'directory-filter-choices', directoryFilterChoices);
  }

  @Get('provinces/:provinceId/municipalities')
  @ApiOperation({ summary: 'Partidos y localidades de una provincia' })
  @ApiOkResponse({ type: [MunicipalityDto] })
  @ApiErrors(CATALOG_ERRORS.provinceNotFound)
  async municipalities(
    @Param('provinceId', IdPipe) provinceId: number,
    @Req() request: Request,
    @Res() reply: Reply,
  ): Promise<void> {
    await sendAnswer(request, reply, await this.catalog.municipalitiesOf(provinceId), CACHEABLE);
  }
}
