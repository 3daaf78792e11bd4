import { HttpStatus } from '@nestjs/common';
import { PROFILE_MESSAGES } from '@cym/common';
import { declareErrors } from '../../common/errors/declare-errors';

/** What reading and editing a worker's profile refuses with. */
export const WORKER_PROFILE_ERRORS = declareErrors({
  /** Missing, or hidden from this viewer (the owner and admins see hidden ones). */
  notFound: { status: HttpStatus.NOT_FOUND, code: 'PROFILE_NOT_FOUND', message: PROFILE_MESSAGES.notFound },
  notYours: {
    status: HttpStatus.FORBIDDEN,
    code: 'NOT_YOUR_PROFILE',
    message: PROFILE_MESSAGES.notYours,
  },
  experienceNotFound: {
    status: HttpStatus.NOT_FOUND,
    code: 'NOT_FOUND',
    message: 'No encontramos esta experiencia.',
  },
  educationNotFound: { status: HttpStatus.NOT_FOUND, code: 'NOT_FOUND', message: 'No encontramos este estudio.' },
  experiencesFull: {
    status: HttpStatus.BAD_REQUEST,
    code: 'LIMIT_REACHED',
    message: PROFILE_MESSAGES.experiencesFull,
  },
  educationsFull: {
    status: HttpStatus.BAD_REQUEST,
    code: 'LIMIT_REACHED',
    message: PROFILE_MESSAGES.educationsFull,
  },
});
