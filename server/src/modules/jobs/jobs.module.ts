import { Global, Module } from '@nestjs/common';
import { JobQueue } from './job-queue';
import { JobsRepository } from './jobs.repository';

/** Durable background jobs (pg-boss on the app's PostgreSQL): see JobQueue. */
@Global()
@Module({ providers: [JobsRepository, JobQueue], exports: [JobQueue] })
export class JobsModule {}
