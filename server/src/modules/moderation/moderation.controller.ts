import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { AdminOnly, Auth, CurrentUser, type AuthUser } from '../auth/access/auth.decorators';
import { COMMON_ERRORS } from '../../common/errors/common.errors';
import { ApiErrors } from '../../common/errors/declare-errors';
import { IdPipe } from '../../common/id-pipe';
import {
  CreateReportDto,
  ModerationActionBodyDto,
  ModerationActionPageDto,
  ReportCreatedDto,
  ReportGroupPageDto,
  ReportTargetDto,
  SafetyWordBodyDto,
  SafetyWordDto,
} from './dto/moderation.dto';
import { MODERATION_ERRORS } from './moderation.errors';
import { ModerationService, parsePage, parseTarget } from './moderation.service';

/** A person reports a profile, an offer or a message. */
@ApiTags('moderation')
@Controller('reports')
export class ReportsController {
  constructor(private readonly moderation: ModerationService) {}

  @Post()
  @ApiOperation({ summary: 'Denunciar un perfil, una oferta o un mensaje' })
  @Auth()
  @ApiCreatedResponse({ type: ReportCreatedDto })
  @ApiErrors(
    COMMON_ERRORS.validation,
    MODERATION_ERRORS.targetNotFound,
    MODERATION_ERRORS.self,
    MODERATION_ERRORS.team,
    MODERATION_ERRORS.alreadyReported,
    COMMON_ERRORS.rateLimited,
  )
  create(@CurrentUser() user: AuthUser, @Body() body: CreateReportDto): Promise<ReportCreatedDto> {
    return this.moderation.report(user, body);
  }
}

/** The team's moderation: reports, decisions and their undoing, the warning words. */
@ApiTags('admin')
@Controller('admin')
export class AdminModerationController {
  constructor(private readonly moderation: ModerationService) {}

  @Get('reports')
  @ApiOperation({ summary: 'Denuncias abiertas, agrupadas por lo denunciado' })
  @AdminOnly()
  @ApiQuery({ name: 'page', required: false, type: Number })
  @ApiOkResponse({ type: ReportGroupPageDto })
  @ApiErrors(COMMON_ERRORS.validation)
  open(@Query('page') page: unknown): Promise<ReportGroupPageDto> {
    return this.moderation.openReports(parsePage(page));
  }

  @Get('reports/decisions')
  @ApiOperation({ summary: 'Decisiones tomadas sobre denuncias, las últimas primero' })
  @AdminOnly()
  @ApiQuery({ name: 'page', required: false, type: Number })
  @ApiOkResponse({ type: ModerationActionPageDto })
  @ApiErrors(COMMON_ERRORS.validation)
  decisions(@Query('page') page: unknown): Promise<ModerationActionPageDto> {
    return this.moderation.decisions(parsePage(page));
  }

  @Get('reports/:targetType/:targetId')
  @ApiOperation({ summary: 'Lo denunciado en contexto, sus denuncias y decisiones' })
  @AdminOnly()
  @ApiOkResponse({ type: ReportTargetDto })
  @ApiErrors(COMMON_ERRORS.notFound, MODERATION_ERRORS.targetNotFound)
  target(@Param('targetType') type: string, @Param('targetId', IdPipe) id: number): Promise<ReportTargetDto> {
    return this.moderation.target(parseTarget(type), id);
  }

  @Post('reports/:targetType/:targetId/actions')
  @HttpCode(200)
  @ApiOperation({ summary: 'Desestimar, advertir, ocultar o suspender por una denuncia' })
  @AdminOnly()
  @ApiOkResponse({ type: ReportTargetDto })
  @ApiErrors(
    COMMON_ERRORS.validation,
    COMMON_ERRORS.notFound,
    MODERATION_ERRORS.targetNotFound,
    MODERATION_ERRORS.nothingOpen,
    MODERATION_ERRORS.hideNotMessage,
    MODERATION_ERRORS.suspendAdmin,
    MODERATION_ERRORS.alreadySuspended,
  )
  act(
    @CurrentUser() user: AuthUser,
    @Param('targetType') type: string,
    @Param('targetId', IdPipe) id: number,
    @Body() body: ModerationActionBodyDto,
  ): Promise<ReportTargetDto> {
    return this.moderation.act(user, parseTarget(type), id, body);
  }

  @Post('moderation-actions/:id/undo')
  @HttpCode(200)
  @ApiOperation({ summary: 'Deshacer una decisión sobre una denuncia' })
  @AdminOnly()
  @ApiOkResponse({ type: ReportTargetDto })
  @ApiErrors(COMMON_ERRORS.notFound, MODERATION_ERRORS.actionNotFound, MODERATION_ERRORS.alreadyUndone)
  undo(@CurrentUser() user: AuthUser, @Param('id', IdPipe) id: number): Promise<ReportTargetDto> {
    return this.moderation.undo(user, id);
  }

  @Get('safety-words')
  @ApiOperation({ summary: 'Palabras de alerta de los mensajes' })
  @AdminOnly()
  @ApiOkResponse({ type: [SafetyWordDto] })
  words(): Promise<SafetyWordDto[]> {
    return this.moderation.wordList();
  }

  @Post('safety-words')
  @ApiOperation({ summary: 'Agregar una palabra de alerta' })
  @AdminOnly()
  @ApiCreatedResponse({ type: [SafetyWordDto] })
  @ApiErrors(COMMON_ERRORS.validation, MODERATION_ERRORS.wordExists, MODERATION_ERRORS.wordsFull)
  addWord(@CurrentUser() user: AuthUser, @Body() body: SafetyWordBodyDto): Promise<SafetyWordDto[]> {
    return this.moderation.addWord(user, body.word);
  }

  @Delete('safety-words/:id')
  @ApiOperation({ summary: 'Quitar una palabra de alerta' })
  @AdminOnly()
  @ApiOkResponse({ type: [SafetyWordDto] })
  @ApiErrors(COMMON_ERRORS.notFound, MODERATION_ERRORS.wordNotFound)
  removeWord(@CurrentUser() user: AuthUser, @Param('id', IdPipe) id: number): Promise<SafetyWordDto[]> {
    return this.moderation.removeWord(user, id);
  }
}
