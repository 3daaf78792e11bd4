import { Controller, Get, HttpStatus, Inject, Res } from '@nestjs/common';
import { ApiOkResponse, ApiProperty, ApiResponse, ApiTags, ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { REDIS_CLIENT, type RedisClient } from '../../common/redis/redis';
import { Reads } from '../../database/reads';
import { Public } from '../auth/access/auth.decorators';
import { Draining } from './draining';
import { answerWithin, HEALTH_TIMEOUT_MS } from './health.controller';
import { HealthRepository } from './health.repository';

export class ReadyDto {
  @ApiProperty({ enum: ['ready', 'not_ready'] }) status: 'ready' | 'not_ready';
  @ApiProperty({ enum: ['up', 'down'] }) database: 'up' | 'down';
  @ApiProperty({ enum: ['up', 'down', 'not_configured'], description: 'Redis of REDIS_URL' })
  redis: 'up' | 'down' | 'not_configured';
  @ApiProperty({ description: 'True once the process was asked to stop: it finishes its work and takes no new one' })
  draining: boolean;
  @ApiProperty({
    enum: ['up', 'behind', 'down', 'not_configured'],
    description:
      'The read replica of DATABASE_REPLICA_URL: in use, past its tolerated lag, or not answering (the primary serves its reads meanwhile; not part of readiness)',
  })
  replica: 'up' | 'behind' | 'down' | 'not_configured';
}

/**
 * GET /api/ready: whether a load balancer should send this process requests — the database and,
 * when configured, Redis answer within a second, and the process is not shutting down. 200 or
 * 503 with the same body. (GET /api/health answers whether the process and its database live.)
 */
@ApiTags('health')
@Public()
@Controller('ready')
export class ReadyController {
  constructor(
    private readonly database: HealthRepository,
    @Inject(REDIS_CLIENT) private readonly redis: RedisClient | null,
    private readonly draining: Draining,
    private readonly reads: Reads,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Comprobar que el servidor está listo (base de datos accesible)' })
  @ApiOkResponse({ type: ReadyDto })
  // Not an error in the one error shape: the same report, with what is not ready.
  @ApiResponse({
    status: HttpStatus.SERVICE_UNAVAILABLE,
    type: ReadyDto,
    description: 'Not ready: the database or Redis does not answer, or the process is shutting down',
  })
  async check(@Res({ passthrough: true }) reply: FastifyReply): Promise<ReadyDto> {
    const [database, redis] = await Promise.all([
      this.up(() => this.database.ping()),
      this.redis ? this.up(() => this.redis!.ping()) : Promise.resolve('not_configured' as const),
    ]);
    const draining = this.draining.active;
    const ready = database === 'up' && redis !== 'down' && !draining;
    if (!ready) void reply.status(HttpStatus.SERVICE_UNAVAILABLE).header('connection', 'close');
    return { status: ready ? 'ready' : 'not_ready', database, redis, draining, replica: this.reads.replicaState };
  }

  private async up(probe: () => Promise<unknown>): Promise<'up' | 'down'> {
    try {
      await answerWithin(probe(), HEALTH_TIMEOUT_MS);
      return 'up';
    } catch {
      return 'down';
    }
  }
}
