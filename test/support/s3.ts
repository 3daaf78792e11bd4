import { HeadObjectCommand, type HeadObjectCommandOutput, S3Client } from '@aws-sdk/client-s3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

/** s3rver accepts any signature; these are the credentials its documentation uses. */
const ACCESS_KEY = 'S3RVER';

/**
 * An S3-compatible server (s3rver) inside the test process, on a free loopback port, keeping
 * its objects in a temporary folder; the app reaches it through the S3_* settings.
 */
export class TestS3Server {
  readonly bucket = 'fotos-test';
  private server?: S3rver;
  private directory = '';
  private client?: S3Client;
  port = 0;

  async start(): Promise<void> {
    this.directory = mkdtempSync(join(tmpdir(), 'cym-s3-'));
    this.server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      directory: this.directory,
      silent: true,
      configureBuckets: [{ name: this.bucket }],
    });
    this.port = (await this.server.run()).port;
    this.client = new S3Client({
      endpoint: this.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
    });
  }

  /** Stops answering (an outage); `close` still removes its folder afterwards. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    await server?.close();
  }

  async close(): Promise<void> {
    await this.stop();
    this.client?.destroy();
    if (this.directory) rmSync(this.directory, { recursive: true, force: true });
  }

  get endpoint(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The app's settings for this bucket (path-style is the default with an endpoint). */
  settings(prefix = ''): Record<string, string> {
    return {
      S3_ENDPOINT: this.endpoint,
      S3_BUCKET: this.bucket,
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      ...(prefix ? { S3_PREFIX: prefix } : {}),
    };
  }

  /** The object's metadata, or null when the bucket has no such key. */
  async head(key: string): Promise<HeadObjectCommandOutput | null> {
    try {
      return await this.client!.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
      throw error;
    }
  }
}
