// Writes .br and .gz copies of the built text assets so the server sends them as they are
// (@fastify/static preCompressed) instead of compressing on every request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url).pathname;
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;
let files = 0;
let raw = 0;
let brotli = 0;

function visit(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) visit(path);
    else if (COMPRESSIBLE.test(name) && name !== 'index.html') {
      const content = readFileSync(path);
      if (content.length < 1024) continue;
      const br = brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
      writeFileSync(`${path}.br`, br);
      writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
      files += 1;
      raw += content.length;
      brotli += br.length;
    }
  }
}

visit(dist);
console.log(`precompressed ${files} files: ${(raw / 1024).toFixed(1)} KiB → ${(brotli / 1024).toFixed(1)} KiB brotli`);
