/** Image formats accepted for profile photos, told apart by their first bytes, never by name. */
export type ImageKind = 'jpeg' | 'png' | 'webp' | 'heic' | 'avif';

/** HEIF brands that mean HEVC-coded pictures (iPhones write 'heic'; bursts and sequences the others). */
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis']);
const AVIF_BRANDS = new Set(['avif', 'avis']);
/** Brands of any HEIF file, whatever the codec: the compatible brands tell which it is. */
const GENERIC_HEIF_BRANDS = new Set(['mif1', 'msf1', 'miaf']);

export function detectImageKind(bytes: Buffer): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP')
    return 'webp';
  // ISO base media files: a 'ftyp' box first, with the major brand, a version, compatible brands.
  if (bytes.length >= 12 && bytes.toString('latin1', 4, 8) === 'ftyp') return heifKind(bytes);
  return null;
}

/** AVIF (sharp decodes it) or HEIC (libheif does) from the ftyp brands; null for other ISO files (MP4…). */
function heifKind(bytes: Buffer): ImageKind | null {
  const major = bytes.toString('latin1', 8, 12);
  if (AVIF_BRANDS.has(major)) return 'avif';
  if (HEIC_BRANDS.has(major)) return 'heic';
  const end = Math.min(bytes.readUInt32BE(0), bytes.length, 1024);
  const compatible = new Set<string>();
  for (let at = 16; at + 4 <= end; at += 4) compatible.add(bytes.toString('latin1', at, at + 4));
  const has = (brands: Set<string>) => [...brands].some((brand) => compatible.has(brand));
  if (has(AVIF_BRANDS)) return 'avif';
  if (has(HEIC_BRANDS)) return 'heic';
  if (GENERIC_HEIF_BRANDS.has(major)) return 'heic'; // a HEIF of no known codec: libheif decides
  return null;
}
