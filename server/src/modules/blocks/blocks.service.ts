import { Injectable } from '@nestjs/common';
import { BLOCK_LIMITS, type ChatBlockState } from '@cym/common';
import type { EntityManager } from 'typeorm';
import { Clock } from '../../common/clock/clock';
import { RateLimiter } from '../../common/rate-limit/rate-limiter';
import { Transactions } from '../../database/transactions';
import type { AuthUser } from '../auth/access/auth-user';
import { BLOCK_ERRORS } from './blocks.errors';
import { BlocksRepository, type HiddenProfiles } from './blocks.repository';
import type { BlockedUserDto } from './dto/blocks.dto';

/**
 * Blocking: a person blocks another (the team cannot be blocked and does not block), at most
 * BLOCK_LIMITS.maxBlocked people, counted under the person's lock; blocking twice is one row.
 * What a block changes elsewhere is read from `blocks` by each reader: the chat refuses writes
 * across it, the directories, shortlists and alerts leave the blocked people out for the blocker.
 */
@Injectable()
export class BlocksService {
  constructor(
    private readonly blocks: BlocksRepository,
    private readonly transactions: Transactions,
    private readonly clock: Clock,
    private readonly limiter: RateLimiter,
  ) {}

  /** A deleted account: its blocks go both ways (the person is gone; nobody needs them). */
  forgetUser(m: EntityManager, userId: number): Promise<void> {
    return this.blocks.forgetUser(userId, m);
  }

  async block(actor: AuthUser, userId: number): Promise<void> {
    if (actor.isAdmin) throw BLOCK_ERRORS.adminCannotBlock.exception();
    if (userId === actor.id) throw BLOCK_ERRORS.self.exception();
    await this.countWrite(actor.id);
    const target = await this.blocks.target(userId);
    if (!target) throw BLOCK_ERRORS.userNotFound.exception();
    if (target.is_admin) throw BLOCK_ERRORS.team.exception();
    await this.transactions.underUserLock(actor.id, async (m) => {
      if (await this.blocks.has(actor.id, userId, m)) return;
      if ((await this.blocks.count(actor.id, m)) >= BLOCK_LIMITS.maxBlocked) throw BLOCK_ERRORS.full.exception();
      await this.blocks.add(actor.id, userId, this.clock.now(), m);
    });
  }

  /** Unblocks; unblocking someone not blocked changes nothing. */
  async unblock(actor: AuthUser, userId: number): Promise<void> {
    await this.countWrite(actor.id);
    await this.blocks.remove(actor.id, userId);
  }

  async list(actor: AuthUser): Promise<BlockedUserDto[]> {
    const rows = await this.blocks.list(actor.id);
    return rows.map((r) => ({
      user_id: r.user_id,
      first_name: r.first_name,
      profile_image: r.profile_image,
      profile_type: r.profile_type,
      blocked_at: r.created_at.toISOString(),
    }));
  }

  /** The profiles a viewer no longer sees in the directories: those of the people they blocked. */
  hiddenProfiles(viewerId: number): Promise<HiddenProfiles> {
    return this.blocks.hiddenProfiles(viewerId);
  }

  /** Whether `writerId` may write to `otherId`: 'by_me', 'cannot_write' or null. */
  state(writerId: number, otherId: number | null, m?: EntityManager): Promise<ChatBlockState | null> {
    return otherId === null ? Promise.resolve(null) : this.blocks.state(writerId, otherId, m);
  }

  /** Refuses a write from `writerId` to `otherId` across a block, with the words each side may read. */
  async assertMayWrite(writerId: number, otherId: number | null, m?: EntityManager): Promise<void> {
    const state = await this.state(writerId, otherId, m);
    if (state === 'by_me') throw BLOCK_ERRORS.blockedByMe.exception();
    if (state === 'cannot_write') throw BLOCK_ERRORS.cannotWrite.exception();
  }

  private countWrite(userId: number): Promise<void> {
    return this.limiter.consume('block', String(userId), { limit: BLOCK_LIMITS.writesPerHour, windowMs: 3_600_000 });
  }
}
