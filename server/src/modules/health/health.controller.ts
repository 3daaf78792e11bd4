import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ApiOkResponse, ApiProperty, ApiResponse, ApiTags, ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth/access/auth.decorators';
import { HealthRepository } from './health.repository';

/** A load balancer asks often and waits little: the database must answer within this. */
export const HEALTH_TIMEOUT_MS = 1000;

/** The promise's answer, or a rejection after `ms` (the query itself is left to finish). */
export function answerWithin<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('health check timed out')), ms);
  });
  promise.catch(() => undefined); // a late failure after the time-out is not an unhandled rejection
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

export class HealthDto {
  @ApiProperty({ enum: ['ok', 'error'] }) status: 'ok' | 'error';
  @ApiProperty({ enum: ['up', 'down'] }) database: 'up' | 'down';
  @ApiProperty({ description: 'Round trip of a trivial query, in milliseconds' }) database_latency_ms: number;
}

@ApiTags('health')
@Public()
@Controller('health')
export class HealthController {
  constructor(private readonly database: HealthRepository) {}

  @Get()
  @ApiOperation({ summary: 'Comprobar que el proceso responde' })
  @ApiOkResponse({ type: HealthDto })
  // Not an error in the one error shape: the same report, with the database down.
  @ApiResponse({ status: HttpStatus.SERVICE_UNAVAILABLE, type: HealthDto, description: 'The database does not answer' })
  async check(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthDto> {
    const started = performance.now();
    try {
      await answerWithin(this.database.ping(), HEALTH_TIMEOUT_MS);
      return { status: 'ok', database: 'up', database_latency_ms: Math.round(performance.now() - started) };
    } catch {
      void reply.status(HttpStatus.SERVICE_UNAVAILABLE);
      return { status: 'error', database: 'down', database_latency_ms: Math.round(performance.now() - started) };
    }
  }
}
