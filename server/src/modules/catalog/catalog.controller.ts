import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/access/auth.decorators';
import { CatalogService } from './catalog.service';
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

/** Choice lists change only with a deploy: browsers and proxies may keep them for an hour. */
const CACHEABLE = 'public, max-age=3600';

@ApiTags('catalog')
@Public()
@Controller()
export class CatalogController {
  constructor(private readonly catalog: CatalogService) {}

  @Get('services/get-choices')
  @Header('Cache-Control', CACHEABLE)
  @ApiOkResponse({ type: [ServiceChoiceDto] })
  async services(): Promise<ServiceChoiceDto[]> {
    return (await this.catalog.get()).services;
  }

  @Get('worker-profile/services/get-choices')
  @Header('Cache-Control', CACHEABLE)
  @ApiOkResponse({ type: [ServiceChoiceDto] })
  async workerServices(): Promise<ServiceChoiceDto[]> {
    return (await this.catalog.get()).services;
  }

  @Get('tasks/get-choices')
  @Header('Cache-Control', CACHEABLE)
  @ApiOkResponse({ type: [TaskChoiceDto] })
  async tasks(): Promise<TaskChoiceDto[]> {
    return (await this.catalog.get()).tasks;
  }

  @Get('worker-profile/tasks/get-choices')
  @Header('Cache-Control', CACHEABLE)
  @ApiOkResponse({ type: TaskChoicesDto })
  async workerTasks(): Promise<TaskChoicesDto> {
    return { tasks: (await this.catalog.get()).tasks };
  }

  @Get('worker-profile/work-arrangements/get-choices')
  @Header('Cache-Control', CACHEABLE)
  @ApiOkResponse({ type: WorkArrangementChoicesDto })
  async workArrangements(): Promise<WorkArrangementChoicesDto> {
    return { work_arrangements: (await this.catalog.get()).workArrangements };
  }

  @Get('worker-profile/languages/get-choices')
  @Header('Cache-Control', CACHEABLE)
  @ApiOkResponse({ type: [LanguageChoiceDto] })
  async languages(): Promise<LanguageChoiceDto[]> {
    return (await this.catalog.get()).languages;
  }

  @Get('worker-profile/shifts/get-choices')
  @Header('Cache-Control', CACHEABLE)
  @ApiOkResponse({ type: ShiftChoicesDto })
  async shifts(): Promise<ShiftChoicesDto> {
    return { shifts: (await this.catalog.get()).shifts };
  }

  @Get('worker-profile/education/get-status-choices')
  @Header('Cache-Control', CACHEABLE)
  @ApiOkResponse({ type: EducationStatusChoicesDto })
  async educationStatuses(): Promise<EducationStatusChoicesDto> {
    return { status_choices: (await this.catalog.get()).educationStatuses };
  }

  @Get('provinces-and-municipalities')
  @Header('Cache-Control', CACHEABLE)
  @ApiOkResponse({ type: PlacesDto })
  async places(): Promise<PlacesDto> {
    const { provinces, municipalities } = await this.catalog.get();
    return { provinces, municipalities };
  }

  @Get('workers/get-filter-choices')
  @Header('Cache-Control', CACHEABLE)
  @ApiOkResponse({ type: FilterChoicesDto })
  workerFilterChoices(): Promise<FilterChoicesDto> {
    return this.catalog.filterChoices();
  }

  @Get('job-offers/get-filter-choices')
  @Header('Cache-Control', CACHEABLE)
  @ApiOkResponse({ type: FilterChoicesDto })
  jobOfferFilterChoices(): Promise<FilterChoicesDto> {
    return this.catalog.filterChoices();
  }
}
