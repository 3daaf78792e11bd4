import { DATA_EXPORT_LIMITS, formatDateTime, PRODUCT_NAME } from '@cym/common';
import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { basename } from 'node:path';
import { Clock } from '../../common/clock/clock';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { Transactions } from '../../database/transactions';
import { JobKind, JobQueue } from '../jobs/job-queue';
import { MailService } from '../mail/mail.service';
import { dataExportReadyEmail } from '../mail/templates';
import type { ImageStorage } from '../media/image-storage';
import { ProfileImagesService } from '../media/profile-images.service';
import { STORED_DOCUMENT_NAME } from '../verifications/document-storage';
import { buildZip, type ZipEntry } from './data-export-zip';
import { DataExportRepository, EXPORT_SECTIONS, type DocumentFileRow } from './data-export.repository';
import { EXPORT_DOCUMENT_STORAGE, EXPORT_STORAGE } from './export-storage';

/** One per request; retried with backoff (a storage or database hiccup), then the row turns failed. */
export const DATA_EXPORT_JOB: JobKind = {
  name: 'data-export',
  retryLimit: 3,
  retryDelay: 60,
  retryBackoff: true,
  expireInSeconds: 900,
};

export interface DataExportJobData {
  exportId: number;
}

const HOUR_MS = 3_600_000;
const encoder = new TextEncoder();

/** Where a verification document goes in the ZIP. */
export function documentEntryName(document: Pick<DocumentFileRow, 'kind' | 'content_type'>): string {
  const base = document.kind === 'dni' ? 'dni' : 'certificado-antecedentes';
  return `archivos/${base}.${document.content_type === 'application/pdf' ? 'pdf' : 'jpg'}`;
}

/** The README.txt of the ZIP: what each file holds, in Spanish. */
export function readme(made: Date, files: readonly { name: string; about: string }[]): string {
  const lines = [
    `Tus datos en ${PRODUCT_NAME}`,
    '',
    `Este archivo reúne los datos personales que guardamos sobre vos, al ${formatDateTime(made)} (hora de Argentina), como te lo garantiza la Ley 25.326 de Protección de los Datos Personales.`,
    'Los archivos .json se abren con cualquier editor de texto; las fechas están en UTC (formato ISO 8601) y los montos en pesos.',
    'Los nombres de los campos son los de nuestra base de datos.',
    '',
    'Qué hay en cada archivo:',
    '',
    ...files.map((file) => `- ${file.name}: ${file.about}`),
    '',
    'Si algún dato es incorrecto, podés corregirlo desde Mi cuenta o escribirnos desde la página de contacto.',
    '',
  ];
  return lines.join('\n');
}

/**
 * The `data-export` job: reads every section of the person's data (EXPORT_SECTIONS) and their
 * uploaded files (photo, verification documents), writes the ZIP to the private export storage
 * under the name chosen at the request, and turns the row ready with its e-mail in one
 * transaction. Idempotent: a row no longer requested is left alone, and a rerun writes the same
 * file name again.
 */
@Injectable()
export class DataExportBuilder implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('DataExportBuilder');

  constructor(
    private readonly exports: DataExportRepository,
    private readonly transactions: Transactions,
    private readonly jobs: JobQueue,
    private readonly mail: MailService,
    private readonly clock: Clock,
    private readonly photos: ProfileImagesService,
    @Inject(EXPORT_STORAGE) private readonly storage: ImageStorage,
    @Inject(EXPORT_DOCUMENT_STORAGE) private readonly documents: ImageStorage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.jobs.register<DataExportJobData>(DATA_EXPORT_JOB, (data, job) => this.handle(data, job));
  }

  /** One attempt of the job; after the last one fails the row turns failed, so the person may ask again. */
  async handle(data: DataExportJobData, job: { retryCount: number; retryLimit: number }): Promise<void> {
    try {
      await this.build(data.exportId);
    } catch (error) {
      if (job.retryCount >= job.retryLimit) await this.exports.markFailed(data.exportId);
      throw error;
    }
  }

  /** Builds export `exportId` when it is still requested; answers whether it turned ready now. */
  async build(exportId: number): Promise<boolean> {
    const row = await this.exports.one(exportId);
    if (!row || row.status !== 'requested') return false;
    const owner = await this.exports.owner(row.userId);
    if (!owner) return false;
    const now = this.clock.now();
    const entries = await this.entries(row.userId, owner.profileImage, now);
    const zip = await buildZip(entries, now);
    await this.storage.put(row.storageKey, zip);
    const expires = new Date(now.getTime() + DATA_EXPORT_LIMITS.validHours * HOUR_MS);
    const ready = await this.transactions.run(async (m) => {
      if (!(await this.exports.markReady(row.id, now, expires, zip.length, m))) return false;
      await this.mail.enqueue(
        m,
        owner.email,
        dataExportReadyEmail(owner.firstName, formatDateTime(expires), `${this.config.publicUrl}/mis-datos/${row.id}`),
      );
      return true;
    });
    if (ready) this.mail.notifyCommitted();
    return ready;
  }

  onApplicationShutdown(): void {
    this.storage.close?.();
    this.documents.close?.();
  }

  /** README.txt, the JSON files of the sections that apply, and the uploaded files. */
  private async entries(userId: number, profileImage: string | null, now: Date): Promise<ZipEntry[]> {
    const json: ZipEntry[] = [];
    const described: { name: string; about: string }[] = [];
    for (const section of EXPORT_SECTIONS) {
      const data = await this.exports.section(section, userId);
      if (data === null) continue;
      json.push({ name: section.file, bytes: encoder.encode(JSON.stringify(data, null, 2)), compress: true });
      described.push({ name: section.file, about: section.about });
    }
    const files: ZipEntry[] = [];
    const photoName = profileImage ? basename(profileImage) : null;
    const photo = photoName ? await this.photos.file(photoName) : null;
    if (photo) {
      files.push({ name: 'archivos/foto-de-perfil.jpg', bytes: photo, compress: false });
      described.push({ name: 'archivos/foto-de-perfil.jpg', about: 'Tu foto de perfil, como la guardamos.' });
    }
    for (const document of await this.exports.documentFiles(userId)) {
      if (!STORED_DOCUMENT_NAME.test(document.storage_key)) continue;
      const bytes = await this.documents.get(document.storage_key);
      if (!bytes) {
        this.logger.warn(`verification document ${document.id} has no stored file`);
        continue;
      }
      const name = documentEntryName(document);
      files.push({ name, bytes, compress: false });
      described.push({
        name,
        about:
          document.kind === 'dni'
            ? 'El DNI que subiste para verificar tu identidad.'
            : 'El Certificado de Antecedentes Penales que subiste.',
      });
    }
    const text: ZipEntry = { name: 'README.txt', bytes: encoder.encode(readme(now, described)), compress: true };
    return [text, ...json, ...files];
  }
}
