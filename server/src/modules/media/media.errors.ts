import { HttpStatus } from '@nestjs/common';
import { COMMON_MESSAGES } from '@cym/common';
import { declareErrors } from '../../common/errors/declare-errors';
import { IMAGE_BUSY_MESSAGE } from './image-decoder';

export const IMAGE_MESSAGES = {
  missing: 'Elegí una foto para subir.',
  tooLarge: 'Máximo 1 MB permitido',
  notImage: 'El archivo no es una imagen válida. Subí una foto JPG, PNG, WebP o HEIC.',
  unreadable: 'No pudimos leer esta imagen. Probá con otra foto JPG o PNG.',
  tooManyPixels: 'La imagen es demasiado grande en píxeles. Probá con una foto más chica.',
} as const;

/** What profile photos (their upload, removal and files) refuse with. */
export const MEDIA_ERRORS = declareErrors({
  notYourAccount: {
    status: HttpStatus.FORBIDDEN,
    code: 'NOT_YOUR_ACCOUNT',
    message: 'Solo podés cambiar tu propia foto.',
  },
  accountNotFound: { status: HttpStatus.NOT_FOUND, code: 'NOT_FOUND', message: 'No encontramos esta cuenta.' },
  imageNotFound: { status: HttpStatus.NOT_FOUND, code: 'NOT_FOUND', message: 'No encontramos esta imagen.' },
  missing: { status: HttpStatus.BAD_REQUEST, code: 'IMAGE_MISSING', message: IMAGE_MESSAGES.missing },
  tooLarge: { status: HttpStatus.PAYLOAD_TOO_LARGE, code: 'IMAGE_TOO_LARGE', message: IMAGE_MESSAGES.tooLarge },
  notImage: { status: HttpStatus.UNSUPPORTED_MEDIA_TYPE, code: 'NOT_AN_IMAGE', message: IMAGE_MESSAGES.notImage },
  unreadable: { status: HttpStatus.UNPROCESSABLE_ENTITY, code: 'IMAGE_UNREADABLE', message: IMAGE_MESSAGES.unreadable },
  tooManyPixels: {
    status: HttpStatus.UNPROCESSABLE_ENTITY,
    code: 'IMAGE_TOO_MANY_PIXELS',
    message: IMAGE_MESSAGES.tooManyPixels,
  },
  /** The image decoder's full queue (thrown by its BoundedQueue, with a Retry-After). */
  decoderBusy: { status: HttpStatus.TOO_MANY_REQUESTS, code: 'BUSY', message: IMAGE_BUSY_MESSAGE },
  /** The image storage (folder or bucket) could not be reached: the request may be retried. */
  storageUnavailable: {
    status: HttpStatus.SERVICE_UNAVAILABLE,
    code: 'SERVICE_UNAVAILABLE',
    message: COMMON_MESSAGES.unavailable,
  },
});
