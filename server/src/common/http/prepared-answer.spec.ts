import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { pickEncoding, PreparedAnswer } from './prepared-answer';

describe('PreparedAnswer', () => {
  it('serialises once, with a strong ETag that follows the content', () => {
    const a = new PreparedAnswer({ x: 1 });
    expect(a.json.toString()).toBe('{"x":1}');
    expect(a.size).toBe(7);
    expect(a.etag).toMatch(/^"[\w-]+"$/);
    expect(new PreparedAnswer({ x: 1 }).etag).toBe(a.etag);
    expect(new PreparedAnswer({ x: 2 }).etag).not.toBe(a.etag);
  });

  it('compresses each encoding once, and both decode to the same JSON', async () => {
    const answer = new PreparedAnswer({ list: Array.from({ length: 200 }, (_, id) => ({ id, name: `Lugar ${id}` })) });
    const br = await answer.encodedAs('br');
    expect(await answer.encodedAs('br')).toBe(br);
    expect(brotliDecompressSync(br).equals(answer.json)).toBe(true);
    expect(gunzipSync(await answer.encodedAs('gzip')).equals(answer.json)).toBe(true);
  });
});

describe('pickEncoding', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['*', 'br'],
    ['identity', null],
    ['gzip;q=0, br;q=0', null],
    ['', null],
    [undefined, null],
  ])('%p → %p', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });
});
