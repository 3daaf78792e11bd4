import { IsBoolean, IsOptional, IsString, IsUrl, Matches } from 'class-validator';
import { AsBool, EmptyIsUnset, refuse } from './settings-kit';

/**
 * Photos in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO) instead of DATA_DIR/uploads,
 * so several server processes share them. Set with S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY.
 */
export class StorageVariables {
  @EmptyIsUnset()
  @IsOptional()
  @Matches(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
    message: 'S3_BUCKET must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens',
  })
  S3_BUCKET?: string;

  /** The S3 API address of R2 or MinIO (https://<account>.r2.cloudflarestorage.com); empty for AWS. */
  @EmptyIsUnset()
  @IsOptional()
  @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true })
  S3_ENDPOINT?: string;

  /** The bucket's region; R2 takes `auto` or this default, MinIO its own (default us-east-1). */
  @EmptyIsUnset()
  @IsOptional()
  @IsString()
  S3_REGION?: string;

  @EmptyIsUnset()
  @IsOptional()
  @IsString()
  S3_ACCESS_KEY_ID?: string;

  @EmptyIsUnset()
  @IsOptional()
  @IsString()
  S3_SECRET_ACCESS_KEY?: string;

  /** The bucket in the path (host/bucket/key), not the host name; default: on with S3_ENDPOINT (MinIO needs it). */
  @AsBool()
  @IsOptional()
  @IsBoolean()
  S3_FORCE_PATH_STYLE?: boolean;

  /** Folder inside the bucket for the photos (`photos/`); default: the bucket's top level. */
  @EmptyIsUnset()
  @IsOptional()
  @Matches(/^[A-Za-z0-9!_.*'()/-]+$/, { message: "S3_PREFIX may hold letters, digits and / ! - _ . * ' ( ) only" })
  S3_PREFIX?: string;
}

/** An S3-compatible bucket for photos (the S3_* settings). */
export interface S3Settings {
  bucket: string;
  region: string;
  /** Empty for AWS S3 (the SDK derives it from the region). */
  endpoint?: string;
  forcePathStyle: boolean;
  /** Empty, or ends with '/'. */
  prefix: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export interface StorageSettings {
  /** Where photos live: this bucket, or DATA_DIR/uploads when absent. */
  s3?: S3Settings;
}

const S3_OPTIONAL = ['S3_ENDPOINT', 'S3_REGION', 'S3_FORCE_PATH_STYLE', 'S3_PREFIX'] as const;
const S3_KEYS = ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** The bucket for photos when S3_BUCKET is set; an incomplete set of S3_* settings stops the start-up. */
export function storageSettings(values: StorageVariables): StorageSettings {
  const bucket = values.S3_BUCKET;
  if (!bucket) {
    const given = [...S3_KEYS, ...S3_OPTIONAL].filter((name) => values[name] !== undefined);
    if (given.length === 0) return { s3: undefined };
    refuse(
      `S3_BUCKET is required with ${given.join(', ')}: photos go to object storage only when S3_BUCKET names the bucket (remove the S3_* settings to keep them in DATA_DIR/uploads)`,
    );
  }
  const accessKeyId = values.S3_ACCESS_KEY_ID;
  const secretAccessKey = values.S3_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey) {
    const missing = S3_KEYS.filter((name) => !values[name]);
    refuse(
      `${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} required with S3_BUCKET: the access key pair of the bucket's account (R2: an API token's S3 credentials)`,
    );
  }
  const prefix = (values.S3_PREFIX ?? '').replace(/^\/+|\/+$/g, '');
  return {
    s3: {
      bucket,
      region: values.S3_REGION ?? 'us-east-1',
      endpoint: values.S3_ENDPOINT?.replace(/\/+$/, ''),
      forcePathStyle: values.S3_FORCE_PATH_STYLE ?? values.S3_ENDPOINT !== undefined,
      prefix: prefix ? `${prefix}/` : '',
      accessKeyId,
      secretAccessKey,
    },
  };
}
