import { HttpStatus } from '@nestjs/common';
import { ApiErrors, declareErrors } from './declare-errors';

/** Where @nestjs/swagger keeps a route's responses (its DECORATORS.API_RESPONSE, not exported). */
const API_RESPONSES = 'swagger/apiResponse';

const ERRORS = declareErrors({
  notFound: { status: HttpStatus.NOT_FOUND, code: 'NOT_FOUND', message: 'No encontramos esa oferta.' },
  full: { status: HttpStatus.BAD_REQUEST, code: 'LIMIT_REACHED', message: 'Ya guardaste el máximo.' },
  invalid: { status: HttpStatus.BAD_REQUEST, code: 'VALIDATION_FAILED', message: 'Revisá los datos.' },
});

describe('declareErrors', () => {
  it('makes the exception of each error: its status and the one error shape', () => {
    const thrown = ERRORS.full.exception();
    expect(thrown.getStatus()).toBe(400);
    expect(thrown.getResponse()).toEqual({ error: 'Ya guardaste el máximo.', code: 'LIMIT_REACHED' });
    expect(ERRORS.invalid.exception({ name: ['Falta el nombre.'] }).getResponse()).toEqual({
      error: 'Revisá los datos.',
      code: 'VALIDATION_FAILED',
      errors: { name: ['Falta el nombre.'] },
    });
  });

  it('documents a route with one response per status, listing each code and message', () => {
    class Routes {
      @ApiErrors(ERRORS.notFound, ERRORS.full, ERRORS.invalid)
      save(): void {}
    }
    const responses = Reflect.getMetadata(API_RESPONSES, Routes.prototype.save) as Record<
      string,
      { description: string }
    >;
    expect(Object.keys(responses).sort()).toEqual(['400', '404']);
    expect(responses['400'].description).toBe(
      '`LIMIT_REACHED`: Ya guardaste el máximo.\n\n`VALIDATION_FAILED`: Revisá los datos.',
    );
    expect(responses['404'].description).toBe('`NOT_FOUND`: No encontramos esa oferta.');
  });
});
