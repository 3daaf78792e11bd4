import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { detectImageKind } from './image-type';

/** A 'ftyp' box: size, type, major brand, minor version, compatible brands; then another box. */
const ftyp = (major: string, ...compatible: string[]) => {
  const size = Buffer.alloc(4);
  size.writeUInt32BE(16 + 4 * compatible.length);
  const rest = Buffer.from(`ftyp${major}\0\0\0\0${compatible.join('')}`, 'latin1');
  return Buffer.concat([size, rest, Buffer.from('\0\0\0\x0cmeta', 'latin1'), Buffer.alloc(4)]);
};

describe('detectImageKind', () => {
  it('recognises the accepted formats by their bytes', () => {
    expect(detectImageKind(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe('jpeg');
    expect(detectImageKind(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    expect(detectImageKind(Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1'))).toBe('webp');
    expect(detectImageKind(ftyp('heic'))).toBe('heic');
    expect(detectImageKind(ftyp('mif1'))).toBe('heic');
    expect(detectImageKind(ftyp('avif'))).toBe('avif');
  });

  it('tells HEIC from AVIF by the ftyp brands, major or compatible', () => {
    // What iPhones and heif-enc write, and the other HEVC brands (bursts, sequences).
    expect(detectImageKind(ftyp('heic', 'mif1', 'heic', 'miaf'))).toBe('heic');
    for (const brand of ['heix', 'hevc', 'hevx', 'heim', 'heis']) expect(detectImageKind(ftyp(brand))).toBe('heic');
    // Generic HEIF major brands: the compatible brands name the codec.
    expect(detectImageKind(ftyp('mif1', 'mif1', 'heic'))).toBe('heic');
    expect(detectImageKind(ftyp('msf1', 'msf1', 'hevc'))).toBe('heic');
    expect(detectImageKind(ftyp('mif1', 'mif1', 'avif', 'miaf'))).toBe('avif');
    expect(detectImageKind(ftyp('miaf', 'avif'))).toBe('avif');
    // AVIF stays AVIF (sharp reads it), even with HEIF brands beside it.
    expect(detectImageKind(ftyp('avif', 'mif1', 'miaf', 'MA1B'))).toBe('avif');
    expect(detectImageKind(ftyp('avis', 'msf1', 'avif'))).toBe('avif');
    // The real test file.
    expect(detectImageKind(readFileSync(join(__dirname, '../../../../test/fixtures/photo.heic')))).toBe('heic');
  });

  it('refuses anything else, whatever its name', () => {
    expect(detectImageKind(Buffer.from('Hola, esto es texto con nombre .jpg'))).toBeNull();
    expect(detectImageKind(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectImageKind(Buffer.from('GIF89a'))).toBeNull();
    expect(detectImageKind(ftyp('mp42'))).toBeNull();
    expect(detectImageKind(ftyp('isom', 'isom', 'iso2', 'avc1', 'mp41'))).toBeNull(); // an MP4 video
    expect(detectImageKind(ftyp('qt  ', 'qt  '))).toBeNull(); // an iPhone .MOV
    // A ftyp box that claims to be longer than the file is read only as far as the file goes.
    expect(detectImageKind(Buffer.from('\xff\xff\xff\xffftypisom\0\0\0\0heic', 'latin1'))).toBe('heic');
    expect(detectImageKind(Buffer.alloc(0))).toBeNull();
  });
});
