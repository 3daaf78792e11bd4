import { crc32, deflateSync } from 'node:zlib';

/**
 * A PNG of `width` × `height` grey pixels, all zero, written by hand: tiny once deflated (1 ×
 * 40,000,000 is 77 KB), huge to decode (libpng works row by row). sharp would take long to make
 * one. Its header is true, so a decoder that trusts it decodes it all.
 */
export function zeroPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth; colour type 0 (grey), no interlace
  const rows = deflateSync(Buffer.alloc(height * (width + 1)), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
