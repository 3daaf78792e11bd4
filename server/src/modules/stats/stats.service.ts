import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock/clock';
import { StatsDto } from './dto/stats.dto';
import { StatsRepository } from './stats.repository';

/**
 * The back office's figures. They read every feature's tables and write none, so they live apart
 * from the admin's actions; the Clock's now makes "this month" and "the last 30 days" testable.
 */
@Injectable()
export class StatsService {
  constructor(
    private readonly stats: StatsRepository,
    private readonly clock: Clock,
  ) {}

  /**
   * The five counts, the operator's figures and the last 30 days of sign-ups and approved
   * payments, in one query.
   */
  async get(): Promise<StatsDto> {
    const row = await this.stats.figures(this.clock.now());
    return { ...row, daily: row.daily ?? [] };
  }
}
