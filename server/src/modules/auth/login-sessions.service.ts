import { Inject, Injectable } from '@nestjs/common';
import { formatDate, formatTime } from '@cym/common';
import type { EntityManager } from 'typeorm';
import { Clock } from '../../common/clock/clock';
import { RateLimiter } from '../../common/rate-limit/rate-limiter';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { Transactions } from '../../database/transactions';
import { MailService } from '../mail/mail.service';
import { newLoginEmail } from '../mail/templates';
import type { User } from '../users/entities/user.entity';
import { AUTH_ERRORS } from './auth.errors';
import { AuthRepository } from './auth.repository';
import type { LoginSessionDto } from './dto/login-sessions.dto';
import { SessionTokensService, type SessionUser } from './session-tokens.service';
import { userAgentLabels } from './user-agent-labels';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY_MS = 24 * 3_600_000;
/** A browser and system used within this many days are known: a login from them sends no e-mail. */
export const KNOWN_BROWSER_DAYS = 180;
/** Ending logins, per person: a few taps a day; a script gets 429. */
const END_LIMIT = { limit: 30, windowMs: 15 * 60_000 };

/**
 * The person's logins ('Sesiones activas'): a row per login (refresh-token family) with the
 * labels of its browser and system, written at the login and stamped at each refresh; ending one
 * revokes its family, so its access token stops at once and its sockets close. A login from a
 * browser and system the account has not used in KNOWN_BROWSER_DAYS is told by e-mail, except
 * the account's very first login.
 */
@Injectable()
export class LoginSessionsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly logins: AuthRepository,
    private readonly transactions: Transactions,
    private readonly tokens: SessionTokensService,
    private readonly mail: MailService,
    private readonly limiter: RateLimiter,
    private readonly clock: Clock,
  ) {}

  /**
   * Records a new login in its transaction, and queues the new-browser e-mail there when it is
   * one; answers whether it did (the caller announces the mail after the commit). The caller has
   * stamped the login on the user's row first, which locks it: two logins of one person take
   * turns, so the second sees the first's row and one browser is told once.
   */
  async started(m: EntityManager, user: User, familyId: string, userAgent: string | undefined): Promise<boolean> {
    const labels = userAgentLabels(userAgent);
    const now = this.clock.now();
    const since = new Date(now.getTime() - KNOWN_BROWSER_DAYS * DAY_MS);
    const history = await this.logins.loginHistory(user.id, labels, since, m);
    await this.logins.forgetLoginSessionsBefore(user.id, since, m);
    await this.logins.addLoginSession({ familyId, userId: user.id, ...labels, at: now }, m);
    if (!history.any || history.seen) return false;
    const login = { ...labels, date: formatDate(now), time: formatTime(now) };
    await this.mail.enqueue(
      m,
      user.email,
      newLoginEmail(user.firstName, login, `${this.config.publicUrl}/user-account`),
    );
    return true;
  }

  /** A refresh of the login `familyId`: its latest use. */
  async used(userId: number, familyId: string, userAgent: string | undefined): Promise<void> {
    await this.logins.touchLoginSession({ familyId, userId, ...userAgentLabels(userAgent), at: this.clock.now() });
  }

  /** The person's open logins, the latest used first; `current` marks the one asking. */
  async list(user: SessionUser): Promise<LoginSessionDto[]> {
    const rows = await this.logins.openLoginSessions(user.id);
    return rows.map((row) => ({
      id: row.family_id,
      browser: row.browser,
      system: row.system,
      created_at: row.created_at.toISOString(),
      last_used_at: row.last_used_at.toISOString(),
      current: row.family_id === user.familyId,
    }));
  }

  /** Ends one of the person's logins (the current one too: a logout); 404 for any other id. */
  async end(user: SessionUser, id: string): Promise<void> {
    await this.limiter.consume('login-sessions-end', String(user.id), END_LIMIT);
    if (!UUID.test(id)) throw AUTH_ERRORS.loginSessionNotFound.exception();
    const familyId = id.toLowerCase();
    const ended = await this.transactions.run((m) => this.logins.endLoginSession(user.id, familyId, m));
    if (!ended) throw AUTH_ERRORS.loginSessionNotFound.exception();
    this.tokens.familiesEnded(user.id, [familyId]);
  }

  /** Ends every login of the person but the one asking. */
  async endOthers(user: SessionUser): Promise<void> {
    await this.limiter.consume('login-sessions-end', String(user.id), END_LIMIT);
    const ended = await this.transactions.run((m) => this.logins.endOtherLoginSessions(user.id, user.familyId, m));
    this.tokens.familiesEnded(user.id, ended);
  }
}
