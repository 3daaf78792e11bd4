import { Body, Controller, Delete, Get, HttpCode, Param, ParseArrayPipe, Post, Put, Req, Res } from '@nestjs/common';
import {
  ApiBody,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiTags,
  ApiOperation,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Auth, CurrentUser, OptionalAuth, OptionalUser, type AuthUser } from '../auth/access/auth.decorators';
import { PROFILE_MESSAGES } from '@cym/common';
import { AppException } from '../../common/app-exception';
import { COMMON_ERRORS } from '../../common/errors/common.errors';
import { ApiErrors } from '../../common/errors/declare-errors';
import { ServiceChoiceDto, ShiftChoiceDto, TaskChoiceDto, WorkArrangementChoiceDto } from '../catalog/dto/catalog.dto';
import {
  EducationBodyDto,
  EducationDto,
  ExperienceBodyDto,
  ExperienceDto,
  HourPriceBodyDto,
  HourPriceDto,
  IntroductionBodyDto,
  IntroductionDto,
  LanguagesAnswerDto,
  LanguagesBodyDto,
  ServicesAnswerDto,
  ServicesBodyDto,
  ShiftPairDto,
  ShiftsAnswerDto,
  TasksAnswerDto,
  TasksBodyDto,
  WorkArrangementsAnswerDto,
  WorkArrangementsBodyDto,
  WorkerInfoBodyDto,
  WorkerInfoDto,
  WorkerLanguageDto,
} from './dto/worker-profile.dto';
import { WORKER_PROFILE_ERRORS } from './worker-profile.errors';
import { WorkerProfileService } from './worker-profile.service';
import { IdPipe } from '../../common/id-pipe';
import { sendAnswer } from '../../common/http/prepared-answer';

/** Ids in paths: anything but a positive integer is a 404, never a 500. */
const Id = (name: string) => Param(name, IdPipe);

/** A write on the profile itself: the body's rules, and the profile must exist (the actor's: the controller's 403). */
const PROFILE_WRITE = [COMMON_ERRORS.validation, WORKER_PROFILE_ERRORS.notFound] as const;

const shiftsPipe = new ParseArrayPipe({
  items: ShiftPairDto,
  exceptionFactory: () => AppException.validation({ shifts: [PROFILE_MESSAGES.unknownChoice] }),
});

@ApiTags('worker-profile')
@ApiErrors(WORKER_PROFILE_ERRORS.notFound)
@Controller('worker-profile')
export class WorkerProfileController {
  constructor(private readonly profiles: WorkerProfileService) {}

  // Reads: public while the profile is visible; the owner and admins always.

  /** Serialised once while kept (ETag, 304 on If-None-Match); private to the signed-in viewer's browser. */
  @Get(':id/get-info')
  @ApiOperation({ summary: 'Datos básicos del perfil de una trabajadora' })
  @OptionalAuth()
  @ApiOkResponse({ type: WorkerInfoDto })
  async info(
    @Id('id') id: number,
    @OptionalUser() viewer: AuthUser | null,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const answer = await this.profiles.infoAnswer(id, viewer);
    await sendAnswer(request, reply, answer, viewer ? 'private, no-cache' : 'no-cache');
  }

  @Get(':id/introduction/get')
  @ApiOperation({ summary: 'Presentación («Sobre mí») de una trabajadora' })
  @OptionalAuth()
  @ApiOkResponse({ type: IntroductionDto })
  introduction(@Id('id') id: number, @OptionalUser() viewer: AuthUser | null): Promise<IntroductionDto> {
    return this.profiles.introduction(id, viewer);
  }

  @Get(':id/services/get-all')
  @ApiOperation({ summary: 'Servicios que ofrece una trabajadora' })
  @OptionalAuth()
  @ApiOkResponse({ type: [ServiceChoiceDto] })
  services(@Id('id') id: number, @OptionalUser() viewer: AuthUser | null): Promise<ServiceChoiceDto[]> {
    return this.profiles.services(id, viewer);
  }

  @Get(':id/languages/get-all')
  @ApiOperation({ summary: 'Idiomas que habla una trabajadora' })
  @OptionalAuth()
  @ApiOkResponse({ type: [WorkerLanguageDto] })
  languages(@Id('id') id: number, @OptionalUser() viewer: AuthUser | null): Promise<WorkerLanguageDto[]> {
    return this.profiles.languages(id, viewer);
  }

  @Get(':id/hour-price/get')
  @ApiOperation({ summary: 'Precio por hora que pide una trabajadora' })
  @OptionalAuth()
  @ApiOkResponse({ type: HourPriceDto })
  hourPrice(@Id('id') id: number, @OptionalUser() viewer: AuthUser | null): Promise<HourPriceDto> {
    return this.profiles.hourPrice(id, viewer);
  }

  @Get(':id/work-arrangements/get-all')
  @ApiOperation({ summary: 'Modalidades de trabajo que acepta una trabajadora (con o sin retiro)' })
  @OptionalAuth()
  @ApiOkResponse({ type: [WorkArrangementChoiceDto] })
  workArrangements(@Id('id') id: number, @OptionalUser() viewer: AuthUser | null): Promise<WorkArrangementChoiceDto[]> {
    return this.profiles.workArrangements(id, viewer);
  }

  @Get(':id/tasks/get-all')
  @ApiOperation({ summary: 'Tareas que realiza una trabajadora' })
  @OptionalAuth()
  @ApiOkResponse({ type: [TaskChoiceDto] })
  tasks(@Id('id') id: number, @OptionalUser() viewer: AuthUser | null): Promise<TaskChoiceDto[]> {
    return this.profiles.tasks(id, viewer);
  }

  @Get(':id/shifts/get-all')
  @ApiOperation({ summary: 'Turnos y días disponibles de una trabajadora' })
  @OptionalAuth()
  @ApiOkResponse({ type: [ShiftChoiceDto] })
  shifts(@Id('id') id: number, @OptionalUser() viewer: AuthUser | null): Promise<ShiftChoiceDto[]> {
    return this.profiles.shifts(id, viewer);
  }

  @Get(':id/experiences/get-all')
  @ApiOperation({ summary: 'Experiencia laboral de una trabajadora' })
  @OptionalAuth()
  @ApiOkResponse({ type: [ExperienceDto] })
  experiences(@Id('id') id: number, @OptionalUser() viewer: AuthUser | null): Promise<ExperienceDto[]> {
    return this.profiles.experiences(id, viewer);
  }

  @Get(':id/educations/get-all')
  @ApiOperation({ summary: 'Estudios de una trabajadora' })
  @OptionalAuth()
  @ApiOkResponse({ type: [EducationDto] })
  educations(@Id('id') id: number, @OptionalUser() viewer: AuthUser | null): Promise<EducationDto[]> {
    return this.profiles.educations(id, viewer);
  }
}

/** Writes: the owner or an admin; anyone else gets 403 whatever id is in the path. */
@ApiTags('worker-profile')
@Auth()
@ApiErrors(WORKER_PROFILE_ERRORS.notYours)
@Controller('worker-profile')
export class WorkerProfileWriteController {
  constructor(private readonly profiles: WorkerProfileService) {}

  @Put(':id/info/update')
  @ApiOperation({ summary: 'Actualizar los datos básicos del perfil de trabajadora' })
  @ApiOkResponse({ type: WorkerInfoDto })
  @ApiErrors(...PROFILE_WRITE)
  updateInfo(
    @Id('id') id: number,
    @CurrentUser() user: AuthUser,
    @Body() body: WorkerInfoBodyDto,
  ): Promise<WorkerInfoDto> {
    return this.profiles.updateInfo(id, user, body);
  }

  @Put(':id/introduction/update')
  @ApiOperation({ summary: 'Actualizar la presentación («Sobre mí») del perfil' })
  @ApiOkResponse({ type: IntroductionDto })
  @ApiErrors(...PROFILE_WRITE)
  updateIntroduction(
    @Id('id') id: number,
    @CurrentUser() user: AuthUser,
    @Body() body: IntroductionBodyDto,
  ): Promise<IntroductionDto> {
    return this.profiles.updateIntroduction(id, user, body.introduction);
  }

  @Put(':id/hour-price/update')
  @ApiOperation({ summary: 'Actualizar el precio por hora del perfil' })
  @ApiOkResponse({ type: HourPriceDto })
  @ApiErrors(...PROFILE_WRITE)
  updateHourPrice(
    @Id('id') id: number,
    @CurrentUser() user: AuthUser,
    @Body() body: HourPriceBodyDto,
  ): Promise<HourPriceDto> {
    return this.profiles.updateHourPrice(id, user, body.hour_price);
  }

  @Put(':id/services/update')
  @ApiOperation({ summary: 'Reemplazar los servicios que ofrece la trabajadora' })
  @ApiOkResponse({ type: ServicesAnswerDto })
  @ApiErrors(...PROFILE_WRITE)
  async updateServices(
    @Id('id') id: number,
    @CurrentUser() user: AuthUser,
    @Body() body: ServicesBodyDto,
  ): Promise<ServicesAnswerDto> {
    return { services: await this.profiles.updateServices(id, user, body.services_ids) };
  }

  @Put(':id/tasks/update')
  @ApiOperation({ summary: 'Reemplazar las tareas que realiza la trabajadora' })
  @ApiOkResponse({ type: TasksAnswerDto })
  @ApiErrors(...PROFILE_WRITE)
  async updateTasks(
    @Id('id') id: number,
    @CurrentUser() user: AuthUser,
    @Body() body: TasksBodyDto,
  ): Promise<TasksAnswerDto> {
    return { tasks: await this.profiles.updateTasks(id, user, body.task_ids) };
  }

  @Put(':id/work-arrangements/update')
  @ApiOperation({ summary: 'Reemplazar las modalidades de trabajo que acepta' })
  @ApiOkResponse({ type: WorkArrangementsAnswerDto })
  @ApiErrors(...PROFILE_WRITE)
  async updateWorkArrangements(
    @Id('id') id: number,
    @CurrentUser() user: AuthUser,
    @Body() body: WorkArrangementsBodyDto,
  ): Promise<WorkArrangementsAnswerDto> {
    return {
      updated_work_arrangements: await this.profiles.updateWorkArrangements(id, user, body.work_arrangement_ids),
    };
  }

  @Put(':id/languages/update')
  @ApiOperation({ summary: 'Reemplazar los idiomas que habla la trabajadora' })
  @ApiOkResponse({ type: LanguagesAnswerDto })
  @ApiErrors(...PROFILE_WRITE)
  async updateLanguages(
    @Id('id') id: number,
    @CurrentUser() user: AuthUser,
    @Body() body: LanguagesBodyDto,
  ): Promise<LanguagesAnswerDto> {
    return { languages: await this.profiles.updateLanguages(id, user, body.languages_ids, body.native_language_id) };
  }

  @Put(':id/shifts/update')
  @ApiOperation({ summary: 'Reemplazar los turnos y días disponibles' })
  @ApiBody({ type: [ShiftPairDto] })
  @ApiOkResponse({ type: ShiftsAnswerDto })
  @ApiErrors(...PROFILE_WRITE)
  async updateShifts(
    @Id('id') id: number,
    @CurrentUser() user: AuthUser,
    @Body(shiftsPipe) body: ShiftPairDto[],
  ): Promise<ShiftsAnswerDto> {
    return { shifts: await this.profiles.updateShifts(id, user, body) };
  }

  @Post(':id/experience/add')
  @ApiOperation({ summary: 'Agregar una experiencia laboral al perfil' })
  @HttpCode(201)
  @ApiCreatedResponse({ type: ExperienceDto })
  @ApiErrors(...PROFILE_WRITE, WORKER_PROFILE_ERRORS.experiencesFull)
  addExperience(
    @Id('id') id: number,
    @CurrentUser() user: AuthUser,
    @Body() body: ExperienceBodyDto,
  ): Promise<ExperienceDto> {
    return this.profiles.addExperience(id, user, body);
  }

  @Put('experience/:id/update')
  @ApiOperation({ summary: 'Modificar una experiencia laboral del perfil' })
  @ApiOkResponse({ type: ExperienceDto })
  @ApiErrors(COMMON_ERRORS.validation, WORKER_PROFILE_ERRORS.experienceNotFound)
  updateExperience(
    @Id('id') id: number,
    @CurrentUser() user: AuthUser,
    @Body() body: ExperienceBodyDto,
  ): Promise<ExperienceDto> {
    return this.profiles.updateExperience(id, user, body);
  }

  @Delete('experience/:id/delete')
  @ApiOperation({ summary: 'Borrar una experiencia laboral del perfil' })
  @HttpCode(204)
  @ApiNoContentResponse()
  @ApiErrors(WORKER_PROFILE_ERRORS.experienceNotFound)
  deleteExperience(@Id('id') id: number, @CurrentUser() user: AuthUser): Promise<void> {
    return this.profiles.deleteExperience(id, user);
  }

  @Post(':id/education/add')
  @ApiOperation({ summary: 'Agregar un estudio al perfil' })
  @HttpCode(201)
  @ApiCreatedResponse({ type: EducationDto })
  @ApiErrors(...PROFILE_WRITE, WORKER_PROFILE_ERRORS.educationsFull)
  addEducation(
    @Id('id') id: number,
    @CurrentUser() user: AuthUser,
    @Body() body: EducationBodyDto,
  ): Promise<EducationDto> {
    return this.profiles.addEducation(id, user, body);
  }

  @Put('education/:id/update')
  @ApiOperation({ summary: 'Modificar un estudio del perfil' })
  @ApiOkResponse({ type: EducationDto })
  @ApiErrors(COMMON_ERRORS.validation, WORKER_PROFILE_ERRORS.educationNotFound)
  updateEducation(
    @Id('id') id: number,
    @CurrentUser() user: AuthUser,
    @Body() body: EducationBodyDto,
  ): Promise<EducationDto> {
    return this.profiles.updateEducation(id, user, body);
  }

  @Delete('education/:id/delete')
  @ApiOperation({ summary: 'Borrar un estudio del perfil' })
  @HttpCode(204)
  @ApiNoContentResponse()
  @ApiErrors(WORKER_PROFILE_ERRORS.educationNotFound)
  deleteEducation(@Id('id') id: number, @CurrentUser() user: AuthUser): Promise<void> {
    return this.profiles.deleteEducation(id, user);
  }
}
