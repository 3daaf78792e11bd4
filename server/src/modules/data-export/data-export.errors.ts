import { HttpStatus } from '@nestjs/common';
import { COMMON_MESSAGES, DATA_EXPORT_MESSAGES } from '@cym/common';
import { declareErrors } from '../../common/errors/declare-errors';

/** What 'Descargar mis datos' refuses with. */
export const DATA_EXPORT_ERRORS = declareErrors({
  /** Unknown, someone else's, or failed: no hint that it exists. */
  notFound: { status: HttpStatus.NOT_FOUND, code: 'DATA_EXPORT_NOT_FOUND', message: DATA_EXPORT_MESSAGES.notFound },
  inProgress: {
    status: HttpStatus.CONFLICT,
    code: 'DATA_EXPORT_IN_PROGRESS',
    message: DATA_EXPORT_MESSAGES.inProgress,
  },
  limit: { status: HttpStatus.TOO_MANY_REQUESTS, code: 'DATA_EXPORT_LIMIT', message: DATA_EXPORT_MESSAGES.limit },
  notReady: { status: HttpStatus.CONFLICT, code: 'DATA_EXPORT_NOT_READY', message: DATA_EXPORT_MESSAGES.notReady },
  expired: { status: HttpStatus.GONE, code: 'DATA_EXPORT_EXPIRED', message: DATA_EXPORT_MESSAGES.expired },
  /** The export storage (folder or bucket) could not be reached: the request may be retried. */
  storageUnavailable: {
    status: HttpStatus.SERVICE_UNAVAILABLE,
    code: 'SERVICE_UNAVAILABLE',
    message: COMMON_MESSAGES.unavailable,
  },
});
