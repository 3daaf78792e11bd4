import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Clock } from '../../common/clock/clock';
import { StatsDto } from './dto/stats.dto';
import { STATS_QUERY } from './stats.repository';

/**
 * The back office's figures. They read every feature's tables and write none, so they live apart
 * from the admin's actions; the Clock's now makes "this month" and "the last 30 days" testable.
 */
@Injectable()
export class StatsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  /**
   * The five counts, the operator's figures and the last 30 days of sign-ups and approved
   * payments, in one query.
   */
  async get(): Promise<StatsDto> {
    const [row] = (await this.dataSource.query(STATS_QUERY, [this.clock.now()])) as (Omit<StatsDto, 'daily'> & {
      daily: StatsDto['daily'] | null;
    })[];
    return { ...row!, daily: row!.daily ?? [] };
  }
}
