import { ArgumentMetadata, ValidationError, ValidationPipe } from '@nestjs/common';
import { COMMON_MESSAGES, type FieldErrors } from '@cym/common';
import { AppException } from './app-exception';

/**
 * Texts the framework writes itself, in English (a body that is not an object, an unknown value,
 * a nested value of the wrong kind): they say "the request is not valid". A DTO's own messages,
 * even on the same constraints, are kept.
 */
const FRAMEWORK_MESSAGE =
  /^(Validation failed|an unknown value was passed|property .+ should not exist|nested property .+ must be)/;

/** Flattens class-validator errors into field → messages, with dotted paths for nested fields. */
export function toFieldErrors(errors: ValidationError[], parent = ''): FieldErrors {
  const result: FieldErrors = {};
  for (const error of errors) {
    const path = parent ? `${parent}.${error.property}` : error.property || 'body';
    if (error.constraints) {
      const messages = Object.values(error.constraints).map((message) =>
        FRAMEWORK_MESSAGE.test(message) ? COMMON_MESSAGES.invalidBody : message,
      );
      result[path] = [...(result[path] ?? []), ...messages];
    }
    if (error.children?.length) Object.assign(result, toFieldErrors(error.children, path));
  }
  return result;
}

/**
 * ValidationPipe, except that path parameters stay the text they came as. The stock pipe turns
 * a `number` parameter into `Number(text)` before any parameter pipe runs, so `01`, `0x1` and
 * `1e0` all arrived as 1; every numeric parameter has IdPipe, which accepts plain decimal only.
 */
class AppValidationPipe extends ValidationPipe {
  protected override transformPrimitive(value: unknown, metadata: ArgumentMetadata): unknown {
    return metadata.type === 'param' ? value : super.transformPrimitive(value, metadata);
  }
}

/** The global pipe: strips unknown fields, converts types, answers 400 in the one error shape. */
export function createValidationPipe(): ValidationPipe {
  return new AppValidationPipe({
    whitelist: true,
    transform: true,
    forbidUnknownValues: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => AppException.validation(toFieldErrors(errors)),
  });
}
