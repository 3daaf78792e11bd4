import { Inject, Injectable } from '@nestjs/common';
import { formatDateTime } from '@cym/common';
import type { AuthUser } from '../auth/access/auth-user';
import { SecondFactorService } from '../auth/second-factor.service';
import { SessionTokensService } from '../auth/session-tokens.service';
import { RateLimiter } from '../../common/rate-limit/rate-limiter';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { Transactions } from '../../database/transactions';
import { MailService } from '../mail/mail.service';
import { secondFactorResetEmail } from '../mail/templates';
import { UsersService } from '../users/users.service';
import { ADMIN_ERRORS } from './admin.errors';
import { AdminRepository } from './admin.repository';
import { AuditLog } from './audit-log';
import type { AdminTeamMemberDto } from './dto/admin.dto';

/** Resets per admin per hour: a lost phone now and then, never a sweep through the team. */
export const SECOND_FACTOR_RESETS = { limit: 10, windowMs: 3_600_000 };

/**
 * The team screen: the admins, and one admin resetting another's second factor after a lost
 * phone. The reset removes the secret and the recovery codes and ends every login of theirs, in
 * one transaction with its audit entry and the e-mail that tells them; their next login enrols
 * again. An admin's own second factor is not reset here: they log in with a recovery code.
 */
@Injectable()
export class AdminTeamService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly transactions: Transactions,
    private readonly backOffice: AdminRepository,
    private readonly audit: AuditLog,
    private readonly users: UsersService,
    private readonly secondFactors: SecondFactorService,
    private readonly tokens: SessionTokensService,
    private readonly mail: MailService,
    private readonly limiter: RateLimiter,
  ) {}

  async team(actor: AuthUser): Promise<AdminTeamMemberDto[]> {
    const rows = await this.backOffice.team();
    return rows.map((row) => ({
      id: row.id,
      full_name: row.full_name,
      email: row.email,
      second_factor: row.second_factor,
      formatted_last_login: row.last_login ? formatDateTime(row.last_login) : null,
      current: row.id === actor.id,
    }));
  }

  /** 403 for their own account, 404 for no account or one that is not an admin's; 429 past the limit. */
  async resetSecondFactor(actor: AuthUser, userId: number): Promise<void> {
    if (userId === actor.id) throw ADMIN_ERRORS.ownSecondFactor.exception();
    await this.limiter.consume('second-factor-reset', String(actor.id), SECOND_FACTOR_RESETS);
    await this.transactions.run(async (m) => {
      // The account's row locked: a login or a second reset waits for this one to commit.
      const target = await this.users.lockLive(m, userId);
      if (!target) throw ADMIN_ERRORS.userNotFound.exception();
      if (!target.isAdmin) throw ADMIN_ERRORS.notAnAdmin.exception();
      const before = await this.secondFactors.resetInTransaction(m, userId);
      await this.audit.record(m, actor, {
        action: 'second_factor.reset',
        targetType: 'user',
        targetId: userId,
        before,
        after: { enrolled: false, sessions: 0 },
      });
      await this.mail.enqueue(m, target.email, secondFactorResetEmail(target.firstName, `${this.config.publicUrl}/`));
    });
    this.tokens.sessionsEnded(userId);
    this.mail.notifyCommitted();
  }
}
