import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Settings } from '../../config/app-config';
import {
  IMAGE_CACHE_CONTROL,
  imageContentType,
  ImageStorageUnavailableError,
  LIST_PAGE_SIZE,
  type ImageStorage,
  type StoredFile,
} from './image-storage';

/** A storage that does not connect within this is down: the request answers 503 rather than hang. */
const CONNECT_TIMEOUT_MS = 3_000;
/** Longest whole request (a photo is at most a few hundred kB). */
const REQUEST_TIMEOUT_MS = 10_000;

/**
 * Photos in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO), so every server process
 * behind a load balancer reads and writes the same ones. Objects are named `S3_PREFIX` + the
 * caller's random name and carry their content type and a year of immutable caching, so a CDN
 * or the bucket's own public address could serve them as they are.
 */
export class S3ImageStorage implements ImageStorage {
  private readonly client: S3Client;

  constructor(
    private readonly settings: S3Settings,
    /** Verification documents are stored 'private, no-store'. */
    private readonly cacheControl: string = IMAGE_CACHE_CONTROL,
  ) {
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // Checksums only where S3 requires them: R2, MinIO and other S3-compatible servers do not all
      // accept the SDK's newer default ones.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: {
        connectionTimeout: CONNECT_TIMEOUT_MS,
        requestTimeout: REQUEST_TIMEOUT_MS,
        throwOnRequestTimeout: true,
      },
    });
  }

  /** The bucket and prefix, for messages ("s3://bucket/prefix/"). */
  get location(): string {
    return `s3://${this.settings.bucket}/${this.settings.prefix}`;
  }

  async put(name: string, content: Buffer): Promise<void> {
    await this.attempt('put', name, () =>
      this.client.send(
        new PutObjectCommand({
          Bucket: this.settings.bucket,
          Key: this.key(name),
          Body: content,
          ContentLength: content.length,
          ContentType: imageContentType(name),
          CacheControl: this.cacheControl,
        }),
      ),
    );
  }

  async get(name: string): Promise<Buffer | null> {
    return this.attempt('get', name, async () => {
      try {
        const answer = await this.client.send(
          new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.key(name) }),
        );
        if (!answer.Body) return null;
        return Buffer.from(await answer.Body.transformToByteArray());
      } catch (error) {
        if (isMissingObject(error)) return null;
        throw error;
      }
    });
  }

  /** Whether the object is in the bucket (the migration command skips those). */
  async exists(name: string): Promise<boolean> {
    return this.attempt('head', name, async () => {
      try {
        await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.key(name) }));
        return true;
      } catch (error) {
        if (isMissingObject(error)) return false;
        throw error;
      }
    });
  }

  /** S3 answers a delete of a missing object with success too. */
  async delete(name: string): Promise<void> {
    await this.attempt('delete', name, () =>
      this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.key(name) })),
    );
  }

  /**
   * The objects right under the prefix, by their LastModified: the `/` delimiter leaves out
   * longer prefixes (the photos' listing never reaches `private-documents/`).
   */
  async *list(): AsyncIterable<StoredFile[]> {
    let token: string | undefined;
    do {
      const answer = await this.attempt('list', '', () =>
        this.client.send(
          new ListObjectsV2Command({
            Bucket: this.settings.bucket,
            Prefix: this.settings.prefix,
            Delimiter: '/',
            MaxKeys: LIST_PAGE_SIZE,
            ContinuationToken: token,
          }),
        ),
      );
      const page: StoredFile[] = [];
      for (const object of answer.Contents ?? [])
        if (object.Key && object.LastModified)
          page.push({ name: object.Key.slice(this.settings.prefix.length), modifiedAt: object.LastModified });
      if (page.length > 0) yield page;
      token = answer.IsTruncated ? answer.NextContinuationToken : undefined;
    } while (token);
  }

  close(): void {
    this.client.destroy();
  }

  /** Nest closes the module's storage with the app. */
  onModuleDestroy(): void {
    this.close();
  }

  private key(name: string): string {
    return `${this.settings.prefix}${name}`;
  }

  /** Any failure other than "no such object" means the storage is unavailable. */
  private async attempt<T>(operation: string, name: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw new ImageStorageUnavailableError(operation, `${this.location}${name}`, error);
    }
  }
}

/** A missing key: GetObject's NoSuchKey, or a bare 404 (HeadObject has no body to name it). A missing bucket is not. */
function isMissingObject(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  if (error.name === 'NoSuchKey' || error.name === 'NotFound') return true;
  return error.$metadata.httpStatusCode === 404 && error.name !== 'NoSuchBucket';
}
