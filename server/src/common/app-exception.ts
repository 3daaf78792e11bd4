import { HttpException, HttpStatus } from '@nestjs/common';

export type FieldErrors = Record<string, string[]>;

/** The one error body of the API (decisions: API). `errors` only for field problems. */
export interface ErrorBody {
  error: string;
  code: string;
  errors?: FieldErrors;
}

/**
 * An expected failure with a Spanish message for the screen and a machine code for clients.
 * Modules throw these (or subclasses with their own codes); the global filter renders them.
 */
export class AppException extends HttpException {
  constructor(status: HttpStatus, code: string, message: string, errors?: FieldErrors) {
    const body: ErrorBody = errors ? { error: message, code, errors } : { error: message, code };
    super(body, status);
  }

  static validation(errors: FieldErrors): AppException {
    const first = Object.values(errors).flat()[0] ?? 'La solicitud no es válida.';
    return new AppException(HttpStatus.BAD_REQUEST, 'VALIDATION_FAILED', first, errors);
  }
}
