import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import {
  ApiBody,
  ApiConsumes,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiParam,
  ApiProduces,
  ApiTags,
  ApiOperation,
} from '@nestjs/swagger';
import { VERIFICATION_KINDS, VERIFICATION_LIMITS } from '@cym/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppException } from '../../common/app-exception';
import { COMMON_ERRORS } from '../../common/errors/common.errors';
import { ApiErrors } from '../../common/errors/declare-errors';
import { IdPipe } from '../../common/id-pipe';
import { AdminOnly, Auth, CurrentUser, Public, type AuthUser } from '../auth/access/auth.decorators';
import {
  AdminVerificationDto,
  ApproveVerificationDto,
  MyVerificationDto,
  RejectVerificationDto,
  WorkerVerificationBadgesDto,
} from './dto/verifications.dto';
import { MEDIA_ERRORS } from '../media/media.errors';
import { VERIFICATION_ERRORS } from './verifications.errors';
import { VerificationsService } from './verifications.service';

/** Room for the multipart envelope around a 5 MB file. */
const ENVELOPE_BYTES = 16 * 1024;

/** Verified documents: the owner's documents, their bytes, a worker's public badges. */
@ApiTags('verifications')
@Controller('verifications')
export class VerificationsController {
  constructor(private readonly verifications: VerificationsService) {}

  @Get('mine')
  @ApiOperation({ summary: 'Estado de los documentos de verificación propios' })
  @Auth()
  @ApiOkResponse({ type: [MyVerificationDto] })
  mine(@CurrentUser() user: AuthUser): Promise<MyVerificationDto[]> {
    return this.verifications.mine(user);
  }

  /** A DNI's front or a certificate: an image (re-encoded) or a PDF (checked), at most 5 MB. */
  @Post('mine/:kind')
  @ApiOperation({ summary: 'Subir un documento de verificación (DNI o certificado de antecedentes)' })
  @Auth()
  @HttpCode(200)
  @ApiParam({ name: 'kind', enum: VERIFICATION_KINDS })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } } })
  @ApiOkResponse({ type: MyVerificationDto })
  @ApiErrors(
    VERIFICATION_ERRORS.missing,
    VERIFICATION_ERRORS.kindNotAllowed,
    VERIFICATION_ERRORS.notFound,
    VERIFICATION_ERRORS.tooLarge,
    VERIFICATION_ERRORS.wrongType,
    VERIFICATION_ERRORS.passwordPdf,
    VERIFICATION_ERRORS.tooManyPagesPdf,
    VERIFICATION_ERRORS.unreadablePdf,
    VERIFICATION_ERRORS.unreadableImage,
    MEDIA_ERRORS.tooManyPixels,
    COMMON_ERRORS.rateLimited,
    MEDIA_ERRORS.decoderBusy,
    VERIFICATION_ERRORS.storageUnavailable,
  )
  async upload(
    @Param('kind') rawKind: string,
    @CurrentUser() user: AuthUser,
    @Req() request: FastifyRequest,
  ): Promise<MyVerificationDto> {
    const kind = this.verifications.kindOf(rawKind);
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > VERIFICATION_LIMITS.maxBytes + ENVELOPE_BYTES) throw VERIFICATION_ERRORS.tooLarge.exception();
    if (!request.isMultipart()) throw VERIFICATION_ERRORS.missing.exception();
    await this.verifications.countUpload(user);
    let content: Buffer;
    try {
      const part = await request.file({
        limits: { fileSize: VERIFICATION_LIMITS.maxBytes, files: 1, fields: 4, parts: 5 },
      });
      if (!part || part.fieldname !== 'file') throw VERIFICATION_ERRORS.missing.exception();
      content = await part.toBuffer();
    } catch (error) {
      if (error instanceof AppException) throw error;
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw VERIFICATION_ERRORS.tooLarge.exception();
      throw VERIFICATION_ERRORS.missing.exception();
    }
    return this.verifications.upload(user, kind, content);
  }

  @Delete('mine/:kind')
  @ApiOperation({ summary: 'Retirar un documento de verificación propio' })
  @Auth()
  @HttpCode(204)
  @ApiParam({ name: 'kind', enum: VERIFICATION_KINDS })
  @ApiNoContentResponse()
  @ApiErrors(VERIFICATION_ERRORS.notFound)
  remove(@Param('kind') rawKind: string, @CurrentUser() user: AuthUser): Promise<void> {
    return this.verifications.remove(user, this.verifications.kindOf(rawKind));
  }

  /**
   * The document's bytes, for its owner or an admin only (anyone else: 404). Never cached, never
   * sniffed, named by the server.
   */
  @Get('documents/:id/file')
  @ApiOperation({ summary: 'Descargar el archivo de un documento de verificación' })
  @Auth()
  @ApiProduces('image/jpeg', 'application/pdf')
  @ApiOkResponse({ description: 'The document (image/jpeg or application/pdf)' })
  @ApiErrors(COMMON_ERRORS.notFound, VERIFICATION_ERRORS.notFound, VERIFICATION_ERRORS.storageUnavailable)
  async file(
    @Param('id', IdPipe) id: number,
    @CurrentUser() user: AuthUser,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const { bytes, contentType, filename } = await this.verifications.file(user, id);
    await reply
      .header('content-type', contentType)
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `inline; filename="${filename}"`)
      .header('x-content-type-options', 'nosniff')
      .send(bytes);
  }

  @Get('workers/:id/badges')
  @ApiOperation({ summary: 'Insignias de verificación de una trabajadora' })
  @Public()
  @ApiOkResponse({ type: WorkerVerificationBadgesDto })
  @ApiErrors(COMMON_ERRORS.notFound, VERIFICATION_ERRORS.profileNotFound)
  badges(@Param('id', IdPipe) id: number): Promise<WorkerVerificationBadgesDto> {
    return this.verifications.workerBadges(id);
  }
}

/** /admin/verificaciones: the review queue and its decisions. */
@ApiTags('admin')
@AdminOnly()
@Controller('admin/verifications')
export class AdminVerificationsController {
  constructor(private readonly verifications: VerificationsService) {}

  @Get()
  @ApiOperation({ summary: 'Administración: documentos de verificación por revisar' })
  @ApiOkResponse({ type: [AdminVerificationDto] })
  list(): Promise<AdminVerificationDto[]> {
    return this.verifications.adminList();
  }

  @Post(':id/approve')
  @ApiOperation({ summary: 'Administración: aprobar un documento de verificación' })
  @HttpCode(200)
  @ApiOkResponse({ type: AdminVerificationDto })
  @ApiErrors(
    COMMON_ERRORS.validation,
    COMMON_ERRORS.notFound,
    VERIFICATION_ERRORS.notFound,
    VERIFICATION_ERRORS.notPending,
  )
  approve(
    @Param('id', IdPipe) id: number,
    @CurrentUser() admin: AuthUser,
    @Body() body: ApproveVerificationDto,
  ): Promise<AdminVerificationDto> {
    return this.verifications.approve(admin, id, body.issued_on);
  }

  @Post(':id/reject')
  @ApiOperation({ summary: 'Administración: rechazar un documento de verificación con un motivo' })
  @HttpCode(200)
  @ApiOkResponse({ type: AdminVerificationDto })
  @ApiErrors(
    COMMON_ERRORS.validation,
    COMMON_ERRORS.notFound,
    VERIFICATION_ERRORS.notFound,
    VERIFICATION_ERRORS.notPending,
  )
  reject(
    @Param('id', IdPipe) id: number,
    @CurrentUser() admin: AuthUser,
    @Body() body: RejectVerificationDto,
  ): Promise<AdminVerificationDto> {
    return this.verifications.reject(admin, id, body.reason);
  }
}
