import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ChatBlockState } from '@cym/common';
import type { DataSource, EntityManager } from 'typeorm';

/*
 * Blocks: who blocked whom. The SQL other modules need to honour a block (the chat's checks,
 * the shortlists' and saved searches' reads) is exported from here, so the rule is written once.
 */

/** Whether the user `blocker` blocked the user `blocked` (SQL expressions). */
export const blockedSql = (blocker: string, blocked: string): string =>
  `EXISTS (SELECT 1 FROM blocks blk WHERE blk.blocker_id = ${blocker} AND blk.blocked_id = ${blocked})`;

/**
 * Whether the writer `me` may write to `other` (SQL expressions, users): `'by_me'` when `me`
 * blocked them, `'cannot_write'` when they blocked `me`, else null. Null `other` (the team's
 * side, a missing user) is never blocked.
 */
export const blockStateSql = (me: string, other: string): string =>
  `CASE WHEN ${blockedSql(me, other)} THEN 'by_me' WHEN ${blockedSql(other, me)} THEN 'cannot_write' END`;

/** Whether either of the users blocked the other. */
export const eitherBlockedSql = (a: string, b: string): string =>
  `EXISTS (SELECT 1 FROM blocks blk WHERE (blk.blocker_id = ${a} AND blk.blocked_id = ${b})
                                     OR (blk.blocker_id = ${b} AND blk.blocked_id = ${a}))`;

/** Who may be blocked: user `$1` when it exists and is not deleted. */
const TARGET = `SELECT id, is_admin FROM users WHERE id = $1 AND deleted_at IS NULL`;

const COUNT = `SELECT count(*)::int AS n FROM blocks WHERE blocker_id = $1`;

const HAS = `SELECT 1 FROM blocks WHERE blocker_id = $1 AND blocked_id = $2`;

const ADD = `INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`;

const REMOVE = `DELETE FROM blocks WHERE blocker_id = $1 AND blocked_id = $2`;

/** The people `$1` blocked, newest first, as the public sees them. */
const LIST = `SELECT u.id AS user_id, u.first_name, u.profile_image, u.profile_type, b.created_at
  FROM blocks b JOIN users u ON u.id = b.blocked_id
 WHERE b.blocker_id = $1
 ORDER BY b.created_at DESC, b.blocked_id DESC`;

/** The profiles of the people `$1` blocked: their worker profiles and employer profiles. */
const HIDDEN_PROFILES = `SELECT
    ARRAY(SELECT w.id FROM blocks b JOIN worker_profiles w ON w.user_id = b.blocked_id WHERE b.blocker_id = $1) AS workers,
    ARRAY(SELECT p.id FROM blocks b JOIN parent_profiles p ON p.user_id = b.blocked_id WHERE b.blocker_id = $1) AS parents`;

/** The state of writing between `$1` (the writer) and `$2`. */
const STATE = `SELECT ${blockStateSql('$1::int', '$2::int')} AS state`;

export interface BlockTargetRow {
  id: number;
  is_admin: boolean;
}

export interface BlockedUserRow {
  user_id: number;
  first_name: string;
  profile_image: string | null;
  profile_type: 'Worker' | 'Parent' | null;
  created_at: Date;
}

/** The worker and employer profiles of the people someone blocked. */
export interface HiddenProfiles {
  workers: number[];
  parents: number[];
}

/** The `blocks` table. Methods that take `m` run in the caller's transaction. */
@Injectable()
export class BlocksRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** A deleted account's blocks, both ways. */
  async forgetUser(userId: number, m: EntityManager): Promise<void> {
    await m.query(`DELETE FROM blocks WHERE blocker_id = $1 OR blocked_id = $1`, [userId]);
  }

  async target(userId: number): Promise<BlockTargetRow | undefined> {
    const [row] = (await this.dataSource.query(TARGET, [userId])) as BlockTargetRow[];
    return row;
  }

  async count(blockerId: number, m: EntityManager): Promise<number> {
    const [{ n }] = (await m.query(COUNT, [blockerId])) as [{ n: number }];
    return n;
  }

  async has(blockerId: number, blockedId: number, m: EntityManager): Promise<boolean> {
    return ((await m.query(HAS, [blockerId, blockedId])) as unknown[]).length > 0;
  }

  async add(blockerId: number, blockedId: number, at: Date, m: EntityManager): Promise<void> {
    await m.query(ADD, [blockerId, blockedId, at]);
  }

  async remove(blockerId: number, blockedId: number): Promise<void> {
    await this.dataSource.query(REMOVE, [blockerId, blockedId]);
  }

  list(blockerId: number): Promise<BlockedUserRow[]> {
    return this.dataSource.query(LIST, [blockerId]);
  }

  async hiddenProfiles(blockerId: number): Promise<HiddenProfiles> {
    const [row] = (await this.dataSource.query(HIDDEN_PROFILES, [blockerId])) as HiddenProfiles[];
    return row ?? { workers: [], parents: [] };
  }

  /** Whether `writerId` may write to `otherId` (blockStateSql), in the caller's transaction when given. */
  async state(writerId: number, otherId: number, m?: EntityManager): Promise<ChatBlockState | null> {
    const [row] = (await (m ?? this.dataSource).query(STATE, [writerId, otherId])) as {
      state: ChatBlockState | null;
    }[];
    return row?.state ?? null;
  }
}
