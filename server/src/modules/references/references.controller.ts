import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiQuery,
  ApiTags,
  ApiOperation,
} from '@nestjs/swagger';
import {
  AdminOnly,
  Auth,
  CurrentUser,
  OptionalAuth,
  OptionalUser,
  type AuthUser,
} from '../auth/access/auth.decorators';
import { COMMON_ERRORS } from '../../common/errors/common.errors';
import { ApiErrors } from '../../common/errors/declare-errors';
import { IdPipe } from '../../common/id-pipe';
import {
  AdminReferencePageDto,
  CreateReferenceDto,
  ReasonDto,
  ReferenceDto,
  ReferenceEligibilityDto,
  ReferencePageDto,
  ReplyReferenceDto,
  UpdateReferenceDto,
} from './dto/references.dto';
import { REFERENCE_ERRORS } from './references.errors';
import { parseAdminFilter, parsePage, ReferencesService } from './references.service';

/** References between employers and workers. */
@ApiTags('references')
@Controller('references')
export class ReferencesController {
  constructor(private readonly references: ReferencesService) {}

  @Get('workers/:id')
  @ApiOperation({ summary: 'Referencias publicadas sobre una trabajadora' })
  @OptionalAuth()
  @ApiQuery({ name: 'page', required: false, type: Number })
  @ApiOkResponse({ type: ReferencePageDto, description: 'The visible references about worker profile {id}' })
  @ApiErrors(COMMON_ERRORS.validation, COMMON_ERRORS.notFound, REFERENCE_ERRORS.workerNotFound)
  worker(
    @Param('id', IdPipe) id: number,
    @Query('page') page: unknown,
    @OptionalUser() viewer: AuthUser | null,
  ): Promise<ReferencePageDto> {
    return this.references.forWorker(id, parsePage(page), viewer);
  }

  @Get('parents/:id')
  @ApiOperation({ summary: 'Referencias publicadas sobre un empleador' })
  @OptionalAuth()
  @ApiQuery({ name: 'page', required: false, type: Number })
  @ApiOkResponse({ type: ReferencePageDto, description: 'The visible references about employer profile {id}' })
  @ApiErrors(COMMON_ERRORS.validation, COMMON_ERRORS.notFound, REFERENCE_ERRORS.parentNotFound)
  parent(@Param('id', IdPipe) id: number, @Query('page') page: unknown): Promise<ReferencePageDto> {
    return this.references.forParent(id, parsePage(page));
  }

  @Get('eligibility/:userId')
  @ApiOperation({ summary: 'Saber si el usuario puede dejar una referencia a otro' })
  @Auth()
  @ApiOkResponse({ type: ReferenceEligibilityDto })
  @ApiErrors(COMMON_ERRORS.notFound, REFERENCE_ERRORS.personNotFound)
  eligibility(
    @CurrentUser() user: AuthUser,
    @Param('userId', IdPipe) userId: number,
  ): Promise<ReferenceEligibilityDto> {
    return this.references.eligibility(user, userId);
  }

  @Post()
  @ApiOperation({ summary: 'Dejar una referencia sobre una persona con quien se trabajó' })
  @Auth()
  @ApiCreatedResponse({ type: ReferenceDto })
  @ApiErrors(
    COMMON_ERRORS.validation,
    REFERENCE_ERRORS.adminCannot,
    REFERENCE_ERRORS.self,
    REFERENCE_ERRORS.wrongParties,
    REFERENCE_ERRORS.notEligible,
    REFERENCE_ERRORS.personNotFound,
    REFERENCE_ERRORS.alreadyLeft,
    COMMON_ERRORS.rateLimited,
  )
  create(@CurrentUser() user: AuthUser, @Body() body: CreateReferenceDto): Promise<ReferenceDto> {
    return this.references.create(user, body);
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Modificar una referencia propia' })
  @Auth()
  @ApiOkResponse({ type: ReferenceDto })
  @ApiErrors(
    COMMON_ERRORS.validation,
    REFERENCE_ERRORS.notYours,
    REFERENCE_ERRORS.editExpired,
    COMMON_ERRORS.notFound,
    REFERENCE_ERRORS.notFound,
    COMMON_ERRORS.rateLimited,
  )
  update(
    @CurrentUser() user: AuthUser,
    @Param('id', IdPipe) id: number,
    @Body() body: UpdateReferenceDto,
  ): Promise<ReferenceDto> {
    return this.references.update(user, id, body);
  }

  @Post(':id/reply')
  @ApiOperation({ summary: 'Responder a una referencia recibida' })
  @Auth()
  @HttpCode(200)
  @ApiOkResponse({ type: ReferenceDto })
  @ApiErrors(
    COMMON_ERRORS.validation,
    REFERENCE_ERRORS.onlySubjectReplies,
    COMMON_ERRORS.notFound,
    REFERENCE_ERRORS.notFound,
    REFERENCE_ERRORS.alreadyReplied,
    COMMON_ERRORS.rateLimited,
  )
  reply(
    @CurrentUser() user: AuthUser,
    @Param('id', IdPipe) id: number,
    @Body() body: ReplyReferenceDto,
  ): Promise<ReferenceDto> {
    return this.references.reply(user, id, body.text);
  }

  @Post(':id/report')
  @ApiOperation({ summary: 'Denunciar una referencia' })
  @Auth()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Reported' })
  @ApiErrors(
    COMMON_ERRORS.validation,
    REFERENCE_ERRORS.onlySubjectReports,
    COMMON_ERRORS.notFound,
    REFERENCE_ERRORS.notFound,
    REFERENCE_ERRORS.alreadyReported,
    COMMON_ERRORS.rateLimited,
  )
  report(@CurrentUser() user: AuthUser, @Param('id', IdPipe) id: number, @Body() body: ReasonDto): Promise<void> {
    return this.references.report(user, id, body.reason);
  }
}

/** The back office's references: reported first; hide with a reason, restore. */
@ApiTags('admin')
@AdminOnly()
@Controller('admin/references')
export class AdminReferencesController {
  constructor(private readonly references: ReferencesService) {}

  @Get()
  @ApiOperation({ summary: 'Administración: listar las referencias (todas, denunciadas u ocultas)' })
  @ApiQuery({ name: 'filter', required: false, enum: ['all', 'reported', 'hidden'] })
  @ApiQuery({ name: 'page', required: false, type: Number })
  @ApiOkResponse({ type: AdminReferencePageDto })
  @ApiErrors(COMMON_ERRORS.validation)
  list(@Query('filter') filter: unknown, @Query('page') page: unknown): Promise<AdminReferencePageDto> {
    return this.references.adminList(parseAdminFilter(filter), parsePage(page));
  }

  @Post(':id/hide')
  @ApiOperation({ summary: 'Administración: ocultar una referencia' })
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Hidden' })
  @ApiErrors(
    COMMON_ERRORS.validation,
    COMMON_ERRORS.notFound,
    REFERENCE_ERRORS.notFound,
    REFERENCE_ERRORS.alreadyHidden,
    COMMON_ERRORS.rateLimited,
  )
  hide(@CurrentUser() user: AuthUser, @Param('id', IdPipe) id: number, @Body() body: ReasonDto): Promise<void> {
    return this.references.hide(user, id, body.reason);
  }

  @Post(':id/restore')
  @ApiOperation({ summary: 'Administración: volver a publicar una referencia oculta' })
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Shown again' })
  @ApiErrors(COMMON_ERRORS.notFound, REFERENCE_ERRORS.notFound, REFERENCE_ERRORS.notHidden, COMMON_ERRORS.rateLimited)
  restore(@CurrentUser() user: AuthUser, @Param('id', IdPipe) id: number): Promise<void> {
    return this.references.restore(user, id);
  }
}
