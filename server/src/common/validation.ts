import { ValidationError, ValidationPipe } from '@nestjs/common';
import { COMMON_MESSAGES } from '@cym/common';
import { AppException, FieldErrors } from './app-exception';

/** Flattens class-validator errors into field → messages, with dotted paths for nested fields. */
export function toFieldErrors(errors: ValidationError[], parent = ''): FieldErrors {
  const result: FieldErrors = {};
  for (const error of errors) {
    const path = parent ? `${parent}.${error.property}` : error.property || 'body';
    if (error.constraints) {
      const messages = Object.values(error.constraints).map((m) =>
        m.startsWith('an unknown value was passed') ? COMMON_MESSAGES.invalidBody : m,
      );
      result[path] = [...(result[path] ?? []), ...messages];
    }
    if (error.children?.length) Object.assign(result, toFieldErrors(error.children, path));
  }
  return result;
}

/** The global pipe: strips unknown fields, converts types, answers 400 in the one error shape. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    transform: true,
    forbidUnknownValues: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => AppException.validation(toFieldErrors(errors)),
  });
}
