import { Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { COMMON_ERRORS } from '../../common/errors/common.errors';
import { ApiErrors } from '../../common/errors/declare-errors';
import { IdPipe } from '../../common/id-pipe';
import { Auth, CurrentUser, type AuthUser } from '../auth/access/auth.decorators';
import { DATA_EXPORT_ERRORS } from './data-export.errors';
import { DataExportService } from './data-export.service';
import { DataExportDto } from './dto/data-export.dto';

/** 'Descargar mis datos': the person's own exports only (admins too). */
@ApiTags('account')
@Controller('account/data-exports')
export class DataExportController {
  constructor(private readonly exports: DataExportService) {}

  @Post()
  @ApiOperation({ summary: 'Pedir un archivo con todos mis datos (se prepara en segundo plano)' })
  @Auth()
  @HttpCode(201)
  @ApiCreatedResponse({ type: DataExportDto })
  @ApiErrors(DATA_EXPORT_ERRORS.inProgress, DATA_EXPORT_ERRORS.limit, COMMON_ERRORS.rateLimited)
  request(@CurrentUser() user: AuthUser): Promise<DataExportDto> {
    return this.exports.request(user);
  }

  @Get()
  @ApiOperation({ summary: 'Mis pedidos de datos, con su estado y vencimiento' })
  @Auth()
  @ApiOkResponse({ type: [DataExportDto] })
  mine(@CurrentUser() user: AuthUser): Promise<DataExportDto[]> {
    return this.exports.mine(user);
  }

  /** The ZIP, for its owner while ready and within its 24 hours. Never cached, always a download. */
  @Get(':id/file')
  @ApiOperation({ summary: 'Descargar el archivo ZIP con mis datos' })
  @Auth()
  @ApiProduces('application/zip')
  @ApiOkResponse({ description: 'The ZIP (application/zip)' })
  @ApiErrors(
    COMMON_ERRORS.notFound,
    DATA_EXPORT_ERRORS.notFound,
    DATA_EXPORT_ERRORS.notReady,
    DATA_EXPORT_ERRORS.expired,
    COMMON_ERRORS.rateLimited,
    DATA_EXPORT_ERRORS.storageUnavailable,
  )
  async file(
    @Param('id', IdPipe) id: number,
    @CurrentUser() user: AuthUser,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const { bytes, filename } = await this.exports.file(user, id);
    await reply
      .header('content-type', 'application/zip')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('x-content-type-options', 'nosniff')
      .send(bytes);
  }
}
