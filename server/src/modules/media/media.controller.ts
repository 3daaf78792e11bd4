import { Controller, Delete, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import {
  ApiBody,
  ApiConsumes,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiProperty,
  ApiTags,
  ApiOperation,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppException } from '../../common/app-exception';
import { COMMON_ERRORS } from '../../common/errors/common.errors';
import { ApiErrors } from '../../common/errors/declare-errors';
import { Auth, CurrentUser, Public, type AuthUser } from '../auth/access/auth.decorators';
import { PROFILE_IMAGE_MAX_BYTES, ProfileImagesService } from './profile-images.service';
import { IdPipe } from '../../common/id-pipe';
import { IMAGE_CACHE_CONTROL, imageContentType } from './image-storage';
import { MEDIA_ERRORS } from './media.errors';

class ProfileImageDto {
  @ApiProperty({ nullable: true, type: String, example: '/api/media/profile-images/4f…e1.jpg' }) image: string | null;
}

const UserId = () => Param('user_id', IdPipe);
/** Room for the multipart envelope around a 1 MB file. */
const ENVELOPE_BYTES = 16 * 1024;

@ApiTags('media')
@Controller()
export class MediaController {
  constructor(private readonly images: ProfileImagesService) {}

  @Get('user/:user_id/profile-image/get')
  @ApiOperation({ summary: 'Dirección de la foto de perfil de un usuario' })
  @Public()
  @ApiOkResponse({ type: ProfileImageDto })
  @ApiErrors(COMMON_ERRORS.notFound, MEDIA_ERRORS.accountNotFound)
  get(@UserId() userId: number): Promise<ProfileImageDto> {
    return this.images.get(userId);
  }

  @Post('user/:user_id/profile-image/upload')
  @ApiOperation({ summary: 'Subir o reemplazar la foto de perfil' })
  @Auth()
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', properties: { image: { type: 'string', format: 'binary' } } } })
  @ApiOkResponse({ type: ProfileImageDto })
  @ApiErrors(
    MEDIA_ERRORS.missing,
    MEDIA_ERRORS.notYourAccount,
    COMMON_ERRORS.notFound,
    MEDIA_ERRORS.accountNotFound,
    MEDIA_ERRORS.tooLarge,
    MEDIA_ERRORS.notImage,
    MEDIA_ERRORS.unreadable,
    MEDIA_ERRORS.tooManyPixels,
    MEDIA_ERRORS.decoderBusy,
    MEDIA_ERRORS.storageUnavailable,
  )
  async upload(
    @UserId() userId: number,
    @CurrentUser() user: AuthUser,
    @Req() request: FastifyRequest,
  ): Promise<ProfileImageDto> {
    this.images.assertOwner(user, userId);
    const declared = Number(request.headers['content-length'] ?? 0);
    // Refuse an oversized body from its header, before reading any of it.
    if (declared > PROFILE_IMAGE_MAX_BYTES + ENVELOPE_BYTES) throw MEDIA_ERRORS.tooLarge.exception();
    if (!request.isMultipart()) throw MEDIA_ERRORS.missing.exception();
    let content: Buffer;
    try {
      const part = await request.file({ limits: { fileSize: PROFILE_IMAGE_MAX_BYTES, files: 1, fields: 4, parts: 5 } });
      if (!part || part.fieldname !== 'image') throw MEDIA_ERRORS.missing.exception();
      content = await part.toBuffer();
    } catch (error) {
      if (error instanceof AppException) throw error;
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw MEDIA_ERRORS.tooLarge.exception();
      throw MEDIA_ERRORS.missing.exception();
    }
    return this.images.upload(user, userId, content);
  }

  @Delete('user/:user_id/profile-image/delete')
  @ApiOperation({ summary: 'Quitar la foto de perfil' })
  @Auth()
  @HttpCode(204)
  @ApiNoContentResponse()
  @ApiErrors(MEDIA_ERRORS.notYourAccount, COMMON_ERRORS.notFound, MEDIA_ERRORS.accountNotFound)
  remove(@UserId() userId: number, @CurrentUser() user: AuthUser): Promise<void> {
    return this.images.remove(user, userId);
  }

  /**
   * Stored photos never change (a new upload gets a new name): cached for a year. Served by the
   * app from either storage, so their addresses do not depend on where they are kept.
   */
  @Get('media/profile-images/:name')
  @ApiOperation({ summary: 'Archivo de una foto de perfil (JPEG)' })
  @Public()
  @ApiErrors(MEDIA_ERRORS.imageNotFound, MEDIA_ERRORS.storageUnavailable)
  async file(@Param('name') name: string, @Res() reply: FastifyReply): Promise<void> {
    const content = await this.images.file(name);
    if (!content) throw MEDIA_ERRORS.imageNotFound.exception();
    await reply
      .header('content-type', imageContentType(name))
      .header('cache-control', IMAGE_CACHE_CONTROL)
      .send(content);
  }
}
