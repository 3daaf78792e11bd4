import { detectImageKind } from './image-type';

const ftyp = (brand: string) =>
  Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from(`ftyp${brand}`, 'latin1'), Buffer.alloc(8)]);

describe('detectImageKind', () => {
  it('recognises the accepted formats by their bytes', () => {
    expect(detectImageKind(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe('jpeg');
    expect(detectImageKind(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    expect(detectImageKind(Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1'))).toBe('webp');
    expect(detectImageKind(ftyp('heic'))).toBe('heic');
    expect(detectImageKind(ftyp('mif1'))).toBe('heic');
    expect(detectImageKind(ftyp('avif'))).toBe('avif');
  });

  it('refuses anything else, whatever its name', () => {
    expect(detectImageKind(Buffer.from('Hola, esto es texto con nombre .jpg'))).toBeNull();
    expect(detectImageKind(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectImageKind(Buffer.from('GIF89a'))).toBeNull();
    expect(detectImageKind(ftyp('mp42'))).toBeNull();
    expect(detectImageKind(Buffer.alloc(0))).toBeNull();
  });
});
