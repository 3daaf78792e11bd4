import { HttpStatus } from '@nestjs/common';
import { COMMON_MESSAGES, PROFILE_MESSAGES, VERIFICATION_MESSAGES } from '@cym/common';
import { declareErrors } from '../../common/errors/declare-errors';

/**
 * What verified documents (their upload, file, badges and review) refuse with. An image's pixels
 * over the limits and the decoder's full queue answer the media module's MEDIA_ERRORS.
 */
export const VERIFICATION_ERRORS = declareErrors({
  notFound: { status: HttpStatus.NOT_FOUND, code: 'DOCUMENT_NOT_FOUND', message: VERIFICATION_MESSAGES.notFound },
  profileNotFound: { status: HttpStatus.NOT_FOUND, code: 'PROFILE_NOT_FOUND', message: PROFILE_MESSAGES.notFound },
  kindNotAllowed: {
    status: HttpStatus.FORBIDDEN,
    code: 'DOCUMENT_KIND_NOT_ALLOWED',
    message: VERIFICATION_MESSAGES.kindNotAllowed,
  },
  missing: { status: HttpStatus.BAD_REQUEST, code: 'DOCUMENT_MISSING', message: VERIFICATION_MESSAGES.missing },
  tooLarge: {
    status: HttpStatus.PAYLOAD_TOO_LARGE,
    code: 'DOCUMENT_TOO_LARGE',
    message: VERIFICATION_MESSAGES.tooLarge,
  },
  wrongType: {
    status: HttpStatus.UNSUPPORTED_MEDIA_TYPE,
    code: 'DOCUMENT_TYPE',
    message: VERIFICATION_MESSAGES.wrongType,
  },
  passwordPdf: {
    status: HttpStatus.UNPROCESSABLE_ENTITY,
    code: 'DOCUMENT_PASSWORD',
    message: VERIFICATION_MESSAGES.passwordPdf,
  },
  tooManyPagesPdf: {
    status: HttpStatus.UNPROCESSABLE_ENTITY,
    code: 'DOCUMENT_TOO_MANY_PAGES',
    message: VERIFICATION_MESSAGES.tooManyPagesPdf,
  },
  unreadablePdf: {
    status: HttpStatus.UNPROCESSABLE_ENTITY,
    code: 'DOCUMENT_UNREADABLE',
    message: VERIFICATION_MESSAGES.unreadablePdf,
  },
  unreadableImage: {
    status: HttpStatus.UNPROCESSABLE_ENTITY,
    code: 'DOCUMENT_UNREADABLE',
    message: VERIFICATION_MESSAGES.unreadableImage,
  },
  notPending: {
    status: HttpStatus.CONFLICT,
    code: 'DOCUMENT_ALREADY_REVIEWED',
    message: VERIFICATION_MESSAGES.notPending,
  },
  /** The document storage (folder or bucket) could not be reached: the request may be retried. */
  storageUnavailable: {
    status: HttpStatus.SERVICE_UNAVAILABLE,
    code: 'SERVICE_UNAVAILABLE',
    message: COMMON_MESSAGES.unavailable,
  },
});
