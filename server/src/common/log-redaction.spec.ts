import { REDACTED, redactText, redactUrl, scrubForLog } from './log-redaction';

describe('log redaction', () => {
  const hash = '$2b$12$C6UzMDM.H6dfI/f/IKcEeO5rVqzU8z6jV6rQe0tPz8kDVXxvXG7lK';
  const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJpZCI6MTIzNDV9.c2lnbmF0dXJlLWJ5dGVz';

  it('masks e-mails, bcrypt hashes, JWTs and phone numbers inside any text', () => {
    const text = `Failing row contains (7, ana.perez@correo.com.ar, ${hash}, +54 9 11 5555-1234) bearer ${jwt}`;
    const clean = redactText(text);
    for (const secret of ['ana.perez@correo.com.ar', hash, '5555-1234', jwt]) expect(clean).not.toContain(secret);
    expect(clean).toContain('Failing row contains (7,');
  });

  it('keeps request ids, times and line numbers readable', () => {
    const text = 'req 550e8400-e29b-41d4-a716-446655440000 at 2026-11-23 19:19:38 (main.js:123:45) took 1200 ms';
    expect(redactText(text)).toBe(text);
  });

  it('drops values under sensitive keys at any depth and turns errors into plain data', () => {
    const error = Object.assign(new Error('duplicate key value violates unique constraint "users_email_key"'), {
      query: 'INSERT INTO users (email, password_hash, phone) VALUES ($1, $2, $3)',
      parameters: ['ana@correo.com', hash, '1155551234'],
      driverError: { detail: 'Key (email)=(ana@correo.com) already exists.', code: '23505' },
    });
    const logged = JSON.stringify(scrubForLog({ err: error, user: { email: 'x@y.com', password: 'secreto123' } }));
    for (const secret of ['ana@correo.com', hash, '1155551234', 'x@y.com', 'secreto123']) {
      expect(logged).not.toContain(secret);
    }
    expect(logged).toContain('users_email_key');
    expect(logged).toContain('23505');
    expect(logged).toContain(REDACTED);
    expect(logged).toContain('"stack"');
  });

  it('keeps link tokens and query strings out of logged URLs', () => {
    expect(redactUrl('/api/reset/MTI/lq2x-abcdef0123/?x=1')).toBe(`/api/reset/${REDACTED}/${REDACTED}/`);
    expect(redactUrl('/api/verify-email/MTI/lq2x-abc')).toBe(`/api/verify-email/${REDACTED}/${REDACTED}`);
    expect(redactUrl('/api/workers/?page=2')).toBe('/api/workers/');
  });
});
