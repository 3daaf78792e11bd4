import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiQuery,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { Auth, CurrentUser, Public, type AuthUser } from '../auth/access/auth.decorators';
import { ErrorBodyDto } from '../../common/error-body.dto';
import { IdPipe } from '../../common/id-pipe';
import { CreateSavedSearchDto, SavedSearchDto, UnsubscribedDto, UpdateSavedSearchDto } from './dto/saved-searches.dto';
import { SavedSearchesService } from './saved-searches.service';

/** /alertas: a person's saved searches, and the e-mails' unsubscribe link (issue 21). */
@ApiTags('saved-searches')
@Controller('saved-searches')
export class SavedSearchesController {
  constructor(private readonly searches: SavedSearchesService) {}

  @Get()
  @Auth()
  @ApiOkResponse({ type: [SavedSearchDto] })
  @ApiUnauthorizedResponse({ type: ErrorBodyDto })
  list(@CurrentUser() user: AuthUser): Promise<SavedSearchDto[]> {
    return this.searches.list(user);
  }

  @Post()
  @Auth()
  @ApiCreatedResponse({ type: SavedSearchDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto })
  @ApiUnauthorizedResponse({ type: ErrorBodyDto })
  @ApiForbiddenResponse({ type: ErrorBodyDto })
  @ApiTooManyRequestsResponse({ type: ErrorBodyDto })
  create(@CurrentUser() user: AuthUser, @Body() body: CreateSavedSearchDto): Promise<SavedSearchDto> {
    return this.searches.create(user, body);
  }

  /**
   * RFC 8058's one-click unsubscribe (the List-Unsubscribe-Post header: mail apps POST here with a
   * form body, which this route alone accepts besides the sandbox checkout) and the /alertas/baja
   * page's call. No login: the token signs the search's id.
   */
  @Post('unsubscribe')
  @Public()
  @HttpCode(200)
  @ApiQuery({ name: 't', description: "The e-mail's token", required: true, type: String })
  @ApiOkResponse({ type: UnsubscribedDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto })
  unsubscribe(@Query('t') token: unknown): Promise<UnsubscribedDto> {
    return this.searches.unsubscribe(token);
  }

  @Patch(':id')
  @Auth()
  @ApiOkResponse({ type: SavedSearchDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto })
  @ApiUnauthorizedResponse({ type: ErrorBodyDto })
  @ApiNotFoundResponse({ type: ErrorBodyDto })
  @ApiTooManyRequestsResponse({ type: ErrorBodyDto })
  update(
    @CurrentUser() user: AuthUser,
    @Param('id', IdPipe) id: number,
    @Body() body: UpdateSavedSearchDto,
  ): Promise<SavedSearchDto> {
    return this.searches.update(user, id, body);
  }

  @Delete(':id')
  @Auth()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiUnauthorizedResponse({ type: ErrorBodyDto })
  @ApiNotFoundResponse({ type: ErrorBodyDto })
  @ApiTooManyRequestsResponse({ type: ErrorBodyDto })
  remove(@CurrentUser() user: AuthUser, @Param('id', IdPipe) id: number): Promise<void> {
    return this.searches.remove(user, id);
  }
}
