import 'reflect-metadata';
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../config/app-config';
import { localUploadsFolder, STORED_IMAGE_NAME } from '../modules/media/image-storage';
import { S3ImageStorage } from '../modules/media/s3-image-storage';

/** Files copied at once. */
const CONCURRENCY = 8;

const USAGE = 'Uso: npm run photos:to-s3 [-- --delete-local]';

/**
 * `npm run photos:to-s3 [-- --delete-local]`: copies the photos kept in DATA_DIR/uploads into the
 * S3_BUCKET (with the S3_* settings the servers will use), so the servers can move to the bucket
 * without losing a photo. Every file not in the bucket yet (HeadObject) is uploaded with its
 * content type and caching; running it again uploads nothing new. The local files stay unless
 * --delete-local says to remove each one once it is in the bucket. The database is not touched:
 * photo addresses do not depend on where the files are kept.
 */
async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const deleteLocal = args.includes('--delete-local');
  if (args.some((arg) => arg !== '--delete-local')) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  if (!config.s3) {
    console.error(
      'Falta S3_BUCKET (con S3_ACCESS_KEY_ID y S3_SECRET_ACCESS_KEY): no hay un bucket al que copiar las fotos.',
    );
    return 2;
  }
  const folder = localUploadsFolder(config);
  const files = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const photos = files.filter((file) => STORED_IMAGE_NAME.test(file)).sort();
  const bucket = new S3ImageStorage(config.s3);
  console.log(`Copiando ${photos.length} fotos de ${folder} a ${bucket.location}…`);
  const counts = { uploaded: 0, present: 0, failed: 0, deleted: 0 };
  try {
    let next = 0;
    const worker = async () => {
      while (next < photos.length) {
        const name = photos[next++];
        try {
          if (await bucket.exists(name)) counts.present++;
          else {
            await bucket.put(name, await readFile(join(folder, name)));
            counts.uploaded++;
          }
        } catch (error) {
          counts.failed++;
          console.error(`No se pudo copiar ${name}: ${error instanceof Error ? error.message : String(error)}`);
          continue;
        }
        // Only once the bucket holds it.
        if (deleteLocal) {
          await rm(join(folder, name), { force: true });
          counts.deleted++;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, photos.length) }, worker));
  } finally {
    bucket.close();
  }
  const others = files.length - photos.length;
  console.log(
    `Subidas: ${counts.uploaded}. Ya estaban en el bucket: ${counts.present}. Con error: ${counts.failed}.` +
      (others > 0 ? ` Ignorados (no son fotos): ${others}.` : ''),
  );
  console.log(
    deleteLocal
      ? `Archivos locales borrados: ${counts.deleted}.`
      : `Los archivos locales quedan en ${folder}; para borrarlos, volvé a correrlo con --delete-local.`,
  );
  if (counts.failed > 0) console.error('Hubo errores: volvé a correr el comando (solo copia lo que falta).');
  return counts.failed > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
