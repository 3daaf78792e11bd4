import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/** A file of the ZIP: its path inside it, its bytes, and whether deflating it is worth the time. */
export interface ZipEntry {
  name: string;
  bytes: Uint8Array;
  /** JSON and text shrink; JPEG and PDF are compressed already and are stored as they are. */
  compress: boolean;
}

/**
 * The ZIP of `entries`, written entry by entry with fflate's streaming writer: each file is
 * deflated (or stored) as it is added and only the compressed chunks are kept, so the memory used
 * is the output and the one entry being written. `modified` is every entry's date.
 */
export function buildZip(entries: readonly ZipEntry[], modified: Date): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    const zip = new Zip((error, chunk, final) => {
      if (error) return reject(error);
      chunks.push(chunk);
      if (final) resolve(Buffer.concat(chunks));
    });
    try {
      for (const entry of entries) {
        const file = entry.compress ? new ZipDeflate(entry.name, { level: 6 }) : new ZipPassThrough(entry.name);
        file.mtime = modified;
        zip.add(file);
        file.push(entry.bytes, true);
      }
      zip.end();
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}
