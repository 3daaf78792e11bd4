import { jsonb } from './audit-log';

describe('jsonb (audit log values)', () => {
  it('writes lone surrogates as U+FFFD, so PostgreSQL accepts the jsonb', () => {
    expect(jsonb({ title: 'a\ud800b', place: 'x\udc00', nested: ['\udbff'] })).toBe(
      '{"title":"a\ufffdb","place":"x\ufffd","nested":["\ufffd"]}',
    );
    expect(jsonb('\ud800')).not.toMatch(/\\ud[89a-f]/i);
  });

  it('keeps well-formed text, surrogate pairs included, and null for no value', () => {
    expect(jsonb({ name: 'Niñera 👶', n: 1, ok: true, none: null })).toBe(
      JSON.stringify({ name: 'Niñera 👶', n: 1, ok: true, none: null }),
    );
    expect(jsonb(undefined)).toBeNull();
  });
});
