import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiConsumes,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiParam,
  ApiPayloadTooLargeResponse,
  ApiProduces,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
  ApiUnprocessableEntityResponse,
  ApiOperation,
} from '@nestjs/swagger';
import { VERIFICATION_KINDS, VERIFICATION_LIMITS, VERIFICATION_MESSAGES } from '@cym/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppException } from '../../common/app-exception';
import { ErrorBodyDto } from '../../common/error-body.dto';
import { IdPipe } from '../../common/id-pipe';
import { AdminOnly, Auth, CurrentUser, Public, type AuthUser } from '../auth/access/auth.decorators';
import {
  AdminVerificationDto,
  ApproveVerificationDto,
  MyVerificationDto,
  RejectVerificationDto,
  WorkerVerificationBadgesDto,
} from './dto/verifications.dto';
import { VerificationsService } from './verifications.service';

/** Room for the multipart envelope around a 5 MB file. */
const ENVELOPE_BYTES = 16 * 1024;

const tooLarge = () =>
  new AppException(HttpStatus.PAYLOAD_TOO_LARGE, 'DOCUMENT_TOO_LARGE', VERIFICATION_MESSAGES.tooLarge);
const missing = () => new AppException(HttpStatus.BAD_REQUEST, 'DOCUMENT_MISSING', VERIFICATION_MESSAGES.missing);

/** Verified documents (issue 22): the owner's documents, their bytes, a worker's public badges. */
@ApiTags('verifications')
@Controller('verifications')
export class VerificationsController {
  constructor(private readonly verifications: VerificationsService) {}

  @Get('mine')
  @ApiOperation({ summary: 'Estado de los documentos de verificación propios' })
  @Auth()
  @ApiOkResponse({ type: [MyVerificationDto] })
  @ApiUnauthorizedResponse({ type: ErrorBodyDto })
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
  @ApiBadRequestResponse({ type: ErrorBodyDto })
  @ApiUnauthorizedResponse({ type: ErrorBodyDto })
  @ApiForbiddenResponse({ type: ErrorBodyDto })
  @ApiPayloadTooLargeResponse({ type: ErrorBodyDto })
  @ApiUnprocessableEntityResponse({ type: ErrorBodyDto })
  @ApiTooManyRequestsResponse({ type: ErrorBodyDto })
  async upload(
    @Param('kind') rawKind: string,
    @CurrentUser() user: AuthUser,
    @Req() request: FastifyRequest,
  ): Promise<MyVerificationDto> {
    const kind = this.verifications.kindOf(rawKind);
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > VERIFICATION_LIMITS.maxBytes + ENVELOPE_BYTES) throw tooLarge();
    if (!request.isMultipart()) throw missing();
    await this.verifications.countUpload(user);
    let content: Buffer;
    try {
      const part = await request.file({
        limits: { fileSize: VERIFICATION_LIMITS.maxBytes, files: 1, fields: 4, parts: 5 },
      });
      if (!part || part.fieldname !== 'file') throw missing();
      content = await part.toBuffer();
    } catch (error) {
      if (error instanceof AppException) throw error;
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
      throw missing();
    }
    return this.verifications.upload(user, kind, content);
  }

  @Delete('mine/:kind')
  @ApiOperation({ summary: 'Retirar un documento de verificación propio' })
  @Auth()
  @HttpCode(204)
  @ApiParam({ name: 'kind', enum: VERIFICATION_KINDS })
  @ApiNoContentResponse()
  @ApiUnauthorizedResponse({ type: ErrorBodyDto })
  @ApiNotFoundResponse({ type: ErrorBodyDto })
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
  @ApiUnauthorizedResponse({ type: ErrorBodyDto })
  @ApiNotFoundResponse({ type: ErrorBodyDto })
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
  @ApiNotFoundResponse({ type: ErrorBodyDto })
  badges(@Param('id', IdPipe) id: number): Promise<WorkerVerificationBadgesDto> {
    return this.verifications.workerBadges(id);
  }
}

/** /admin/verificaciones: the review queue and its decisions. */
@ApiTags('admin')
@AdminOnly()
@ApiUnauthorizedResponse({ type: ErrorBodyDto })
@ApiForbiddenResponse({ type: ErrorBodyDto })
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
  @ApiBadRequestResponse({ type: ErrorBodyDto })
  @ApiNotFoundResponse({ type: ErrorBodyDto })
  @ApiConflictResponse({ type: ErrorBodyDto })
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
  @ApiBadRequestResponse({ type: ErrorBodyDto })
  @ApiNotFoundResponse({ type: ErrorBodyDto })
  @ApiConflictResponse({ type: ErrorBodyDto })
  reject(
    @Param('id', IdPipe) id: number,
    @CurrentUser() admin: AuthUser,
    @Body() body: RejectVerificationDto,
  ): Promise<AdminVerificationDto> {
    return this.verifications.reject(admin, id, body.reason);
  }
}
