import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post, Query, Res } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiQuery,
  ApiResponse,
  ApiTags,
  ApiOperation,
  ApiProduces,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Auth, CurrentUser, Public, type AuthUser } from '../auth/access/auth.decorators';
import { COMMON_ERRORS } from '../../common/errors/common.errors';
import { ApiErrors } from '../../common/errors/declare-errors';
import { IdPipe } from '../../common/id-pipe';
import { CreateSavedSearchDto, SavedSearchDto, UnsubscribedDto, UpdateSavedSearchDto } from './dto/saved-searches.dto';
import { SAVED_SEARCH_ERRORS } from './saved-searches.errors';
import { SavedSearchesService } from './saved-searches.service';
import { unsubscribePage } from './unsubscribe-page';

/** /alertas: a person's saved searches, and the e-mails' unsubscribe link. */
@ApiTags('saved-searches')
@Controller('saved-searches')
export class SavedSearchesController {
  constructor(private readonly searches: SavedSearchesService) {}

  @Get()
  @ApiOperation({ summary: 'Búsquedas guardadas con alerta del usuario' })
  @Auth()
  @ApiOkResponse({ type: [SavedSearchDto] })
  list(@CurrentUser() user: AuthUser): Promise<SavedSearchDto[]> {
    return this.searches.list(user);
  }

  @Post()
  @ApiOperation({ summary: 'Guardar una búsqueda y recibir alertas de resultados nuevos' })
  @Auth()
  @ApiCreatedResponse({ type: SavedSearchDto })
  @ApiErrors(
    COMMON_ERRORS.validation,
    SAVED_SEARCH_ERRORS.badQuery,
    SAVED_SEARCH_ERRORS.full,
    SAVED_SEARCH_ERRORS.wrongKind,
    COMMON_ERRORS.rateLimited,
  )
  create(@CurrentUser() user: AuthUser, @Body() body: CreateSavedSearchDto): Promise<SavedSearchDto> {
    return this.searches.create(user, body);
  }

  /**
   * RFC 8058's one-click unsubscribe (the List-Unsubscribe-Post header: mail apps POST here with a
   * form body, which this route alone accepts besides the sandbox checkout) and the /alertas/baja
   * page's call. No login: the token signs the search's id.
   */
  @Post('unsubscribe')
  @ApiOperation({ summary: 'Dar de baja una alerta con un clic desde el correo (RFC 8058)' })
  @Public()
  @HttpCode(200)
  @ApiQuery({ name: 't', description: "The e-mail's token", required: true, type: String })
  @ApiOkResponse({ type: UnsubscribedDto })
  @ApiErrors(SAVED_SEARCH_ERRORS.badLink)
  unsubscribe(@Query('t') token: unknown): Promise<UnsubscribedDto> {
    return this.searches.unsubscribe(token);
  }

  /**
   * The same address opened in a browser (a mail app without one-click, or a person): a Spanish
   * page that asks first (unsubscribe-page.ts). A GET changes nothing, so link scanners that fetch
   * it unsubscribe no one.
   */
  @Get('unsubscribe')
  @ApiOperation({ summary: 'Página de confirmación para dar de baja una alerta desde el correo' })
  @Public()
  @ApiQuery({ name: 't', description: "The e-mail's token", required: true, type: String })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'La página que pregunta antes de dar de baja', schema: { type: 'string' } })
  // A page, not the error shape: the link's 400 is documented as the HTML it is.
  @ApiResponse({
    status: HttpStatus.BAD_REQUEST,
    description: 'La página que dice que el enlace no es válido',
    schema: { type: 'string' },
  })
  async unsubscribePage(@Query('t') token: unknown, @Res() reply: FastifyReply): Promise<void> {
    const target = await this.searches.unsubscribeTarget(token);
    await reply
      .status(target ? 200 : 400)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(unsubscribePage(target, typeof token === 'string' ? token : ''));
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Cambiar el nombre o la frecuencia de una alerta' })
  @Auth()
  @ApiOkResponse({ type: SavedSearchDto })
  @ApiErrors(
    COMMON_ERRORS.validation,
    SAVED_SEARCH_ERRORS.nothingToChange,
    SAVED_SEARCH_ERRORS.notFound,
    COMMON_ERRORS.notFound,
    COMMON_ERRORS.rateLimited,
  )
  update(
    @CurrentUser() user: AuthUser,
    @Param('id', IdPipe) id: number,
    @Body() body: UpdateSavedSearchDto,
  ): Promise<SavedSearchDto> {
    return this.searches.update(user, id, body);
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Borrar una búsqueda guardada y su alerta' })
  @Auth()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiErrors(SAVED_SEARCH_ERRORS.notFound, COMMON_ERRORS.notFound, COMMON_ERRORS.rateLimited)
  remove(@CurrentUser() user: AuthUser, @Param('id', IdPipe) id: number): Promise<void> {
    return this.searches.remove(user, id);
  }
}
