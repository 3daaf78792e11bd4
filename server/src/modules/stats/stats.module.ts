import { Module } from '@nestjs/common';
import { StatsRepository } from './stats.repository';
import { StatsService } from './stats.service';

/**
 * The figures the admin screens read: read-only SQL over every feature's tables. The admin
 * controller serves them (GET admin/stats/get-all) with the rest of the back office's calls.
 */
@Module({ providers: [StatsRepository, StatsService], exports: [StatsService] })
export class StatsModule {}
