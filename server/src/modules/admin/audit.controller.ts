import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiQuery, ApiTags, ApiOperation } from '@nestjs/swagger';
import { AdminOnly } from '../auth/access/auth.decorators';
import { COMMON_ERRORS } from '../../common/errors/common.errors';
import { ApiErrors } from '../../common/errors/declare-errors';
import { AdminAuditService, parseAuditQuery } from './admin-audit.service';
import { AuditFiltersDto, AuditPageDto } from './dto/admin-audit.dto';

/** The audit log's screen: admins only, like the rest of the back office. */
@ApiTags('admin')
@AdminOnly()
@Controller('admin/audit-log')
export class AuditController {
  constructor(private readonly audit: AdminAuditService) {}

  @Get('get-all')
  @ApiOperation({ summary: 'Administración: registro de auditoría de las acciones, con filtros' })
  @ApiQuery({ name: 'actor_id', required: false, type: Number, description: 'The admin who acted' })
  @ApiQuery({ name: 'action', required: false, description: 'e.g. user.delete (see /filters)' })
  @ApiQuery({
    name: 'person',
    required: false,
    description: 'Part of the name or e-mail of the person concerned, case and accents aside',
  })
  @ApiQuery({ name: 'page', required: false, type: Number })
  @ApiQuery({ name: 'page_size', required: false, type: Number })
  @ApiOkResponse({ type: AuditPageDto })
  @ApiErrors(COMMON_ERRORS.validation)
  list(@Query() query: Record<string, unknown>): Promise<AuditPageDto> {
    return this.audit.list(parseAuditQuery(query));
  }

  @Get('filters')
  @ApiOperation({ summary: 'Administración: valores posibles de los filtros del registro de auditoría' })
  @ApiOkResponse({ type: AuditFiltersDto })
  filters(): Promise<AuditFiltersDto> {
    return this.audit.filters();
  }
}
