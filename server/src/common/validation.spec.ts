import { COMMON_MESSAGES } from '@cym/common';
import { toFieldErrors } from './validation';

describe('toFieldErrors', () => {
  it("keeps a DTO's own Spanish messages and turns the framework's English ones into Spanish", () => {
    const errors = toFieldErrors([
      { property: 'location', constraints: { isObject: 'Todos los campos de ubicación son obligatorios' } },
      { property: '', constraints: { isObject: 'Validation failed (object is expected)' } },
      { property: 'x', constraints: { unknownValue: 'an unknown value was passed to the validate function' } },
      { property: 'y', constraints: { whitelistValidation: 'property y should not exist' } },
    ]);
    expect(errors).toEqual({
      location: ['Todos los campos de ubicación son obligatorios'],
      body: [COMMON_MESSAGES.invalidBody],
      x: [COMMON_MESSAGES.invalidBody],
      y: [COMMON_MESSAGES.invalidBody],
    });
  });
});
