import { applyDecorators, HttpStatus } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import type { ErrorCode, FieldErrors } from '@cym/common';
import { AppException } from '../app-exception';
import { ErrorBodyDto } from '../error-body.dto';

/** One failure a module may answer with: its HTTP status, its machine code and its Spanish message. */
export interface DeclaredError {
  readonly status: HttpStatus;
  readonly code: ErrorCode;
  readonly message: string;
  /** The exception to throw, in the one error shape (with the fields' messages when given). */
  exception(errors?: FieldErrors): AppException;
}

type ErrorFacts = Pick<DeclaredError, 'status' | 'code' | 'message'>;

/**
 * A module's errors, declared once in `<module>.errors.ts` (docs/RULES.md): thrown by name
 * (`throw SHORTLIST_ERRORS.full.exception()`) and documented on the routes that answer them
 * (`@ApiErrors(SHORTLIST_ERRORS.full)`), so the code, the message and the OpenAPI document
 * cannot drift apart.
 */
export function declareErrors<const T extends Record<string, ErrorFacts>>(
  facts: T,
): { readonly [K in keyof T]: DeclaredError } {
  const declared = {} as Record<string, DeclaredError>;
  for (const [name, { status, code, message }] of Object.entries(facts))
    declared[name] = {
      status,
      code,
      message,
      exception: (errors?: FieldErrors) => new AppException(status, code, message, errors),
    };
  return declared as { readonly [K in keyof T]: DeclaredError };
}

/**
 * The OpenAPI responses of the errors a route (or every route of a controller) may answer: one
 * response per status, in the one error shape, its description listing each code and message.
 */
export function ApiErrors(...errors: DeclaredError[]): MethodDecorator & ClassDecorator {
  const byStatus = new Map<HttpStatus, DeclaredError[]>();
  for (const error of errors) byStatus.set(error.status, [...(byStatus.get(error.status) ?? []), error]);
  return applyDecorators(
    ...[...byStatus].map(([status, list]) =>
      ApiResponse({
        status,
        type: ErrorBodyDto,
        description: list.map((error) => `\`${error.code}\`: ${error.message}`).join('\n\n'),
      }),
    ),
  );
}
