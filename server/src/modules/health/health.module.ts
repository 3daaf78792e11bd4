import { Module } from '@nestjs/common';
import { Draining } from './draining';
import { HealthController } from './health.controller';
import { HealthRepository } from './health.repository';
import { ReadyController } from './ready.controller';

/** Liveness (/api/health), readiness (/api/ready) and the first step of a graceful shutdown. */
@Module({ controllers: [HealthController, ReadyController], providers: [HealthRepository, Draining] })
export class HealthModule {}
