import type { HttpStatus } from '@nestjs/common';
import { PATH_METADATA } from '@nestjs/common/constants';
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
  /**
   * The same failure told with a message a shared rule computed (one of common's validators,
   * which the web shows word for word); the declared message documents the family.
   */
  withMessage(message: string, errors?: FieldErrors): AppException;
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
    declared[name] = Object.freeze({
      status,
      code,
      message,
      exception: (errors?: FieldErrors) => new AppException(status, code, message, errors),
      withMessage: (computed: string, errors?: FieldErrors) => new AppException(status, code, computed, errors),
    });
  return declared as { readonly [K in keyof T]: DeclaredError };
}

/** Where @nestjs/swagger keeps a route's responses (its DECORATORS.API_RESPONSE, not exported). */
const API_RESPONSES = 'swagger/apiResponse';
/** The declared errors of a route, kept so that later decorators add to them instead of replacing them. */
const DECLARED_ERRORS = 'cym:declared-errors';

interface ResponseEntry {
  type?: unknown;
  isArray?: boolean;
  description?: string;
}

/** The errors documented on a route handler so far. */
export function declaredErrorsOf(handler: object): readonly DeclaredError[] {
  return (Reflect.getMetadata(DECLARED_ERRORS, handler) as DeclaredError[] | undefined) ?? [];
}

function documentOn(handler: object, errors: readonly DeclaredError[]): void {
  const all = [...declaredErrorsOf(handler)];
  for (const error of errors)
    if (!all.some((e) => e.code === error.code && e.message === error.message && e.status === error.status))
      all.push(error);
  Reflect.defineMetadata(DECLARED_ERRORS, all, handler);
  const responses = { ...((Reflect.getMetadata(API_RESPONSES, handler) as Record<string, ResponseEntry>) ?? {}) };
  for (const status of new Set(all.map((e) => e.status)))
    responses[status] = {
      type: ErrorBodyDto,
      isArray: false,
      description: all
        .filter((e) => e.status === status)
        .map((e) => `\`${e.code}\`: ${e.message}`)
        .join('\n\n'),
    };
  Reflect.defineMetadata(API_RESPONSES, responses, handler);
}

/**
 * The OpenAPI responses of the errors a route may answer: one response per status, in the one
 * error shape, its description listing each code and message. Several `@ApiErrors` on a route
 * add up. On a controller it documents every route of it (class decorators run after the
 * methods' own, so the routes' errors are merged with it, not replaced).
 */
export function ApiErrors(...errors: DeclaredError[]): MethodDecorator & ClassDecorator {
  return ((target: object, _key?: string | symbol, descriptor?: PropertyDescriptor) => {
    if (descriptor) {
      documentOn(descriptor.value as object, errors);
      return descriptor;
    }
    const prototype = (target as { prototype: object }).prototype;
    for (const name of Object.getOwnPropertyNames(prototype)) {
      const handler = Object.getOwnPropertyDescriptor(prototype, name)?.value as unknown;
      if (typeof handler === 'function' && name !== 'constructor' && Reflect.hasMetadata(PATH_METADATA, handler))
        documentOn(handler, errors);
    }
    return target;
  }) as MethodDecorator & ClassDecorator;
}
