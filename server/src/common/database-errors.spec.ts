import { isDatabaseUnavailable } from './database-errors';

describe('isDatabaseUnavailable', () => {
  it('recognises timeouts, lost connections and an exhausted pool, wrapped or not', () => {
    expect(isDatabaseUnavailable({ code: '57014', message: 'canceling statement due to statement timeout' })).toBe(
      true,
    );
    expect(isDatabaseUnavailable({ message: 'x', driverError: { code: '55P03' } })).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable({ code: '08006' })).toBe(true);
  });

  it('leaves the request’s own faults and programming errors alone', () => {
    expect(isDatabaseUnavailable({ code: '23505', message: 'duplicate key' })).toBe(false);
    expect(isDatabaseUnavailable({ code: '22P05', message: 'invalid byte sequence' })).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});
