import { ConfigError, loadConfig } from './app-config';

/** The S3_* settings: photos in a bucket only with a complete set. */
describe('loadConfig: photo storage', () => {
  const base = { DATABASE_URL: 'postgres://x@127.0.0.1/db', JWT_SECRET: 's'.repeat(32) };
  const keys = { S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };
  const problem = (env: Record<string, string>) => {
    try {
      loadConfig({ ...base, ...env });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    throw new Error('loadConfig accepted the settings');
  };

  it('keeps photos in DATA_DIR/uploads without S3 settings (empty values count as unset)', () => {
    expect(loadConfig(base).s3).toBeUndefined();
    expect(loadConfig({ ...base, S3_BUCKET: '', S3_ENDPOINT: '', S3_PREFIX: '' }).s3).toBeUndefined();
  });

  it('reads AWS S3 with its defaults: us-east-1, virtual-hosted names, no prefix', () => {
    expect(loadConfig({ ...base, ...keys, S3_BUCKET: 'fotos' }).s3).toEqual({
      bucket: 'fotos',
      region: 'us-east-1',
      endpoint: undefined,
      forcePathStyle: false,
      prefix: '',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
    });
  });

  it('puts the bucket in the path with an endpoint (MinIO) unless told otherwise, and normalises the prefix', () => {
    const minio = loadConfig({
      ...base,
      ...keys,
      S3_BUCKET: 'fotos',
      S3_ENDPOINT: 'http://minio:9000/',
      S3_PREFIX: '/perfiles/',
    }).s3;
    expect(minio).toMatchObject({ endpoint: 'http://minio:9000', forcePathStyle: true, prefix: 'perfiles/' });
    const r2 = loadConfig({
      ...base,
      ...keys,
      S3_BUCKET: 'fotos',
      S3_ENDPOINT: 'https://abc.r2.cloudflarestorage.com',
      S3_REGION: 'auto',
      S3_FORCE_PATH_STYLE: 'false',
    }).s3;
    expect(r2).toMatchObject({ region: 'auto', forcePathStyle: false });
  });

  it('refuses to start with an incomplete set, naming what is missing', () => {
    expect(problem({ S3_BUCKET: 'fotos' })).toContain(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required with S3_BUCKET',
    );
    expect(problem({ S3_BUCKET: 'fotos', S3_ACCESS_KEY_ID: 'id' })).toContain(
      'S3_SECRET_ACCESS_KEY is required with S3_BUCKET',
    );
    expect(problem({ ...keys, S3_ENDPOINT: 'http://minio:9000' })).toContain(
      'S3_BUCKET is required with S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_ENDPOINT',
    );
    expect(problem({ S3_FORCE_PATH_STYLE: 'true' })).toContain('S3_BUCKET is required with S3_FORCE_PATH_STYLE');
  });

  it('refuses a malformed bucket name, endpoint or prefix', () => {
    const message = problem({ ...keys, S3_BUCKET: 'Fotos_Perfil', S3_ENDPOINT: 'minio:9000', S3_PREFIX: 'a b' });
    expect(message).toContain('S3_BUCKET must be a bucket name');
    expect(message).toContain('S3_ENDPOINT');
    expect(message).toContain('S3_PREFIX may hold');
  });
});
