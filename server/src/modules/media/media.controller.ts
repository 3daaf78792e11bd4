import { Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Req, Res } from '@nestjs/common';
import {
  ApiBody,
  ApiConsumes,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiProperty,
  ApiTags,
  ApiOperation,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppException } from '../../common/app-exception';
import { Auth, CurrentUser, Public, type AuthUser } from '../auth/access/auth.decorators';
import { ErrorBodyDto } from '../../common/error-body.dto';
import { IMAGE_MESSAGES, PROFILE_IMAGE_MAX_BYTES, ProfileImagesService } from './profile-images.service';
import { IdPipe } from '../../common/id-pipe';
import { IMAGE_CACHE_CONTROL, imageContentType } from './image-storage';

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
  get(@UserId() userId: number): Promise<ProfileImageDto> {
    return this.images.get(userId);
  }

  @Post('user/:user_id/profile-image/upload')
  @ApiOperation({ summary: 'Subir o reemplazar la foto de perfil' })
  @Auth()
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', properties: { image: { type: 'string', format: 'binary' } } } })
  @ApiOkResponse({ type: ProfileImageDto })
  @ApiForbiddenResponse({ type: ErrorBodyDto })
  async upload(
    @UserId() userId: number,
    @CurrentUser() user: AuthUser,
    @Req() request: FastifyRequest,
  ): Promise<ProfileImageDto> {
    this.images.assertOwner(user, userId);
    const declared = Number(request.headers['content-length'] ?? 0);
    // Refuse an oversized body from its header, before reading any of it.
    if (declared > PROFILE_IMAGE_MAX_BYTES + ENVELOPE_BYTES)
      throw new AppException(HttpStatus.PAYLOAD_TOO_LARGE, 'IMAGE_TOO_LARGE', IMAGE_MESSAGES.tooLarge);
    if (!request.isMultipart()) throw new AppException(HttpStatus.BAD_REQUEST, 'IMAGE_MISSING', IMAGE_MESSAGES.missing);
    let content: Buffer;
    try {
      const part = await request.file({ limits: { fileSize: PROFILE_IMAGE_MAX_BYTES, files: 1, fields: 4, parts: 5 } });
      if (!part || part.fieldname !== 'image')
        throw new AppException(HttpStatus.BAD_REQUEST, 'IMAGE_MISSING', IMAGE_MESSAGES.missing);
      content = await part.toBuffer();
    } catch (error) {
      if (error instanceof AppException) throw error;
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw new AppException(HttpStatus.PAYLOAD_TOO_LARGE, 'IMAGE_TOO_LARGE', IMAGE_MESSAGES.tooLarge);
      throw new AppException(HttpStatus.BAD_REQUEST, 'IMAGE_MISSING', IMAGE_MESSAGES.missing);
    }
    return this.images.upload(user, userId, content);
  }

  @Delete('user/:user_id/profile-image/delete')
  @ApiOperation({ summary: 'Quitar la foto de perfil' })
  @Auth()
  @HttpCode(204)
  @ApiNoContentResponse()
  @ApiForbiddenResponse({ type: ErrorBodyDto })
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
  async file(@Param('name') name: string, @Res() reply: FastifyReply): Promise<void> {
    const content = await this.images.file(name);
    if (!content) throw new AppException(HttpStatus.NOT_FOUND, 'NOT_FOUND', 'No encontramos esta imagen.');
    await reply
      .header('content-type', imageContentType(name))
      .header('cache-control', IMAGE_CACHE_CONTROL)
      .send(content);
  }
}
