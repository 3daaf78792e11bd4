import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiExtraModels,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiQuery,
  ApiTags,
  getSchemaPath,
  ApiOperation,
} from '@nestjs/swagger';
import { AdminOnly, CurrentUser, type AuthUser } from '../auth/access/auth.decorators';
import { COMMON_ERRORS } from '../../common/errors/common.errors';
import { ApiErrors } from '../../common/errors/declare-errors';
import { IdPipe } from '../../common/id-pipe';
import { JobOfferDto } from '../browse/dto/browse.dto';
import { JobOfferBodyDto } from '../job-offers/dto/job-offers.dto';
import { JOB_OFFER_ERRORS } from '../job-offers/job-offers.errors';
import { MEMBERSHIP_ERRORS } from '../memberships/memberships.errors';
import { ADMIN_ERRORS } from './admin.errors';
import { parseAdminQuery } from './admin-query';
import { OFFER_VISIBILITY_QUERY, parseOfferVisibility } from './offer-visibility-query';
import { StatsDto } from '../stats/dto/stats.dto';
import { StatsService } from '../stats/stats.service';
import { AdminService } from './admin.service';
import {
  AdminMembershipDto,
  AdminMembershipTypeDto,
  AdminOfferDto,
  AdminOfferPageDto,
  AdminParentDto,
  AdminParentPageDto,
  AdminPaymentDto,
  AdminPaymentPageDto,
  AdminWorkerDto,
  AdminWorkerPageDto,
  PriceBodyDto,
  VisibilityBodyDto,
} from './dto/admin.dto';

const Id = () => new IdPipe();

/** A plain list without parameters, a page with any of them. */
const listOf = (item: unknown, page: unknown) => ({
  schema: {
    oneOf: [{ type: 'array', items: { $ref: getSchemaPath(item as never) } }, { $ref: getSchemaPath(page as never) }],
  },
});

const LIST_QUERY = [
  ApiQuery({ name: 'search', required: false, description: 'Case-insensitive part of the name' }),
  ApiQuery({ name: 'page', required: false, type: Number }),
  ApiQuery({ name: 'page_size', required: false, type: Number }),
];
const listQuery = (): MethodDecorator => (target, key, descriptor) => {
  for (const decorate of LIST_QUERY) decorate(target, key, descriptor);
};

/** The back office's calls: admins only, every other role 403. */
@ApiTags('admin')
@AdminOnly()
@ApiExtraModels(
  AdminWorkerDto,
  AdminWorkerPageDto,
  AdminParentDto,
  AdminParentPageDto,
  AdminPaymentDto,
  AdminPaymentPageDto,
  JobOfferDto,
  AdminOfferDto,
  AdminOfferPageDto,
)
@Controller('admin')
export class AdminController {
  constructor(
    private readonly admin: AdminService,
    private readonly statistics: StatsService,
  ) {}

  @Get('worker-profiles/get-all')
  @ApiOperation({ summary: 'Administración: listar los perfiles de trabajadoras' })
  @listQuery()
  @ApiOkResponse(listOf(AdminWorkerDto, AdminWorkerPageDto))
  @ApiErrors(COMMON_ERRORS.validation)
  workers(@Query() query: Record<string, unknown>) {
    return this.admin.workers(parseAdminQuery(query));
  }

  @Get('parent-profiles/get-all')
  @ApiOperation({ summary: 'Administración: listar los perfiles de empleadores' })
  @listQuery()
  @ApiOkResponse(listOf(AdminParentDto, AdminParentPageDto))
  @ApiErrors(COMMON_ERRORS.validation)
  parents(@Query() query: Record<string, unknown>) {
    return this.admin.parents(parseAdminQuery(query));
  }

  @Put('user/:id/toggle-profile-visibility')
  @ApiOperation({ summary: 'Administración: mostrar u ocultar el perfil de un usuario' })
  @ApiOkResponse({ type: AdminWorkerDto })
  @ApiErrors(COMMON_ERRORS.validation, ADMIN_ERRORS.userNotFound, ADMIN_ERRORS.notAWorker)
  visibility(
    @CurrentUser() actor: AuthUser,
    @Param('id', Id()) id: number,
    @Body() body: VisibilityBodyDto,
  ): Promise<AdminWorkerDto> {
    return this.admin.setVisibility(actor, id, body.visible);
  }

  @Delete('user/:id/delete')
  @ApiOperation({ summary: 'Administración: borrar un usuario y sus datos' })
  @HttpCode(204)
  @ApiNoContentResponse()
  @ApiErrors(ADMIN_ERRORS.userNotFound, ADMIN_ERRORS.cannotDeleteAdmin)
  deleteUser(@CurrentUser() actor: AuthUser, @Param('id', Id()) id: number): Promise<void> {
    return this.admin.deleteUser(actor, id);
  }

  @Put('membership/:id/toggle-status')
  @ApiOperation({ summary: 'Administración: activar o desactivar una membresía' })
  @ApiOkResponse({ type: AdminMembershipDto })
  @ApiErrors(ADMIN_ERRORS.membershipNotFound)
  toggleMembership(@CurrentUser() actor: AuthUser, @Param('id', Id()) id: number): Promise<AdminMembershipDto> {
    return this.admin.toggleMembership(actor, id);
  }

  @Get('job-offers/get-all')
  @ApiOperation({ summary: 'Administración: listar todas las ofertas de trabajo' })
  @listQuery()
  @ApiQuery(OFFER_VISIBILITY_QUERY)
  @ApiOkResponse(listOf(AdminOfferDto, AdminOfferPageDto))
  @ApiErrors(COMMON_ERRORS.validation)
  offers(@Query() query: Record<string, unknown>) {
    return this.admin.offersList(parseAdminQuery(query), parseOfferVisibility(query));
  }

  @Post('job-offers/add')
  @ApiOperation({ summary: 'Administración: publicar una oferta del equipo' })
  @ApiCreatedResponse({ type: JobOfferDto })
  @ApiErrors(COMMON_ERRORS.validation)
  addOffer(@CurrentUser() actor: AuthUser, @Body() body: JobOfferBodyDto): Promise<JobOfferDto> {
    return this.admin.addOffer(actor, body);
  }

  @Patch('job-offer/:id/update')
  @ApiOperation({ summary: 'Administración: modificar una oferta de trabajo' })
  @ApiOkResponse({ type: JobOfferDto })
  @ApiErrors(COMMON_ERRORS.validation, JOB_OFFER_ERRORS.notFound, JOB_OFFER_ERRORS.hasEmployer)
  updateOffer(
    @CurrentUser() actor: AuthUser,
    @Param('id', Id()) id: number,
    @Body() body: JobOfferBodyDto,
  ): Promise<JobOfferDto> {
    return this.admin.updateOffer(actor, id, body);
  }

  @Delete('job-offer/:id/delete')
  @ApiOperation({ summary: 'Administración: borrar una oferta de trabajo' })
  @HttpCode(204)
  @ApiNoContentResponse()
  @ApiErrors(JOB_OFFER_ERRORS.notFound)
  deleteOffer(@CurrentUser() actor: AuthUser, @Param('id', Id()) id: number): Promise<void> {
    return this.admin.deleteOffer(actor, id);
  }

  @Get('payments/get-all')
  @ApiOperation({ summary: 'Administración: listar los pagos de membresías' })
  @listQuery()
  @ApiOkResponse(listOf(AdminPaymentDto, AdminPaymentPageDto))
  @ApiErrors(COMMON_ERRORS.validation)
  payments(@Query() query: Record<string, unknown>) {
    return this.admin.payments(parseAdminQuery(query));
  }

  @Get('membership-type')
  @ApiOperation({ summary: 'Administración: ver precio y duración de la membresía' })
  @ApiOkResponse({ type: AdminMembershipTypeDto })
  @ApiErrors(MEMBERSHIP_ERRORS.noMembershipType)
  membershipType(): Promise<AdminMembershipTypeDto> {
    return this.admin.membershipType();
  }

  @Put('membership-type')
  @ApiOperation({ summary: 'Administración: cambiar el precio de la membresía' })
  @ApiOkResponse({ type: AdminMembershipTypeDto })
  @ApiErrors(COMMON_ERRORS.validation, MEMBERSHIP_ERRORS.noMembershipType)
  setPrice(@CurrentUser() actor: AuthUser, @Body() body: PriceBodyDto): Promise<AdminMembershipTypeDto> {
    return this.admin.setPrice(actor, body.price);
  }

  @Get('stats/get-all')
  @ApiOperation({ summary: 'Administración: estadísticas del sitio' })
  @ApiOkResponse({ type: StatsDto })
  stats(): Promise<StatsDto> {
    return this.statistics.get();
  }
}
