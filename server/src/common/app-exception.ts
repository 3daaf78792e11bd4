import { HttpException, HttpStatus } from '@nestjs/common';
import type { ErrorBody, ErrorCode, FieldErrors } from '@cym/common';

/**
 * An expected failure with a Spanish message for the screen and a machine code for clients.
 * Modules throw these (or subclasses with their own codes); the global filter renders them in
 * the one error shape (`ErrorBody` of common). The code is one of common's ERROR_CODES, so a new
 * or misspelt code fails the type check until it is listed there for the clients too.
 */
export class AppException extends HttpException {
  constructor(status: HttpStatus, code: ErrorCode, message: string, errors?: FieldErrors) {
    const body: ErrorBody = errors ? { error: message, code, errors } : { error: message, code };
    super(body, status);
  }

  static validation(errors: FieldErrors): AppException {
    const first = Object.values(errors).flat()[0] ?? 'La solicitud no es válida.';
    return new AppException(HttpStatus.BAD_REQUEST, 'VALIDATION_FAILED', first, errors);
  }
}
