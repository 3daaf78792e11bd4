import { Global, Module } from '@nestjs/common';
import { JobQueue } from './job-queue';

/** Durable background jobs (pg-boss on the app's PostgreSQL): see JobQueue. */
@Global()
@Module({ providers: [JobQueue], exports: [JobQueue] })
export class JobsModule {}
