import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** The probes' one statement: whether the database answers at all. */
@Injectable()
export class HealthRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** A trivial round trip; rejects when the database does not answer. */
  async ping(): Promise<void> {
    await this.dataSource.query('SELECT 1');
  }
}
