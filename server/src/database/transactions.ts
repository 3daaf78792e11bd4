import { Global, Injectable, Module } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { underUserLock } from './owner-lock';

/**
 * Where a service draws a transaction's boundary without touching the database itself: the
 * service decides what runs together (count, refuse, write), each repository method it calls
 * takes the `EntityManager` handed in and runs its statements on it. The rules stay in the
 * service, the SQL in the repositories (docs/RULES.md).
 */
@Injectable()
export class Transactions {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Runs `work` in one transaction: all of it is written, or none. */
  run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /**
   * Runs `work` in one transaction that first locks the person's `users` row: an "at most N per
   * person" rule that parallel requests cannot pass (see owner-lock.ts).
   */
  underUserLock<T>(userId: number, work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return underUserLock(this.dataSource, userId, work);
  }
}

/** Makes Transactions available to every module. */
@Global()
@Module({ providers: [Transactions], exports: [Transactions] })
export class TransactionsModule {}
