import { IsOptional, IsString } from 'class-validator';
import { EmptyIsUnset } from './settings-kit';

/** Redis, shared by the processes of a deployment: rate limits, caches' versions, the chat's rooms. */
export class RedisVariables {
  @EmptyIsUnset()
  @IsOptional()
  @IsString()
  REDIS_URL?: string;

  /** Prepended to our Redis keys and the chat's channel: deployments or test runs may share one Redis. */
  @IsString()
  REDIS_KEY_PREFIX = 'casaymanos:';
}

export interface RedisSettings {
  redisUrl?: string;
  /**
   * Rate limits under `<prefix>rl:`, the directory cache's version at `<prefix>directory:version`,
   * the public profile cache's at `<prefix>worker-profile:version`.
   */
  redisKeyPrefix: string;
}

export function redisSettings(values: RedisVariables): RedisSettings {
  return { redisUrl: values.REDIS_URL, redisKeyPrefix: values.REDIS_KEY_PREFIX };
}
