import { BlocksService } from '../blocks/blocks.service';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Clock } from '../../common/clock/clock';
import { DomainEvents } from '../../common/events/domain-events';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { Transactions } from '../../database/transactions';
import type { AuthUser } from '../auth/access/auth-user';
import { LoginLimits } from '../auth/login-limits';
import { PasswordHasher } from '../auth/password-hasher';
import { SessionTokensService } from '../auth/session-tokens.service';
import { ChatService } from '../chat/chat.service';
import { JobOffersService } from '../job-offers/job-offers.service';
import { emailDigest, MailService } from '../mail/mail.service';
import { accountDeletedEmail } from '../mail/templates';
import { ProfileImagesService } from '../media/profile-images.service';
import { MembershipsService } from '../memberships/memberships.service';
import { ParentProfileService } from '../parent-profile/parent-profile.service';
import { PushService } from '../push/push.service';
import { SavedSearchesService } from '../saved-searches/saved-searches.service';
import { ShortlistsService } from '../shortlists/shortlists.service';
import type { User } from '../users/entities/user.entity';
import { UsersService } from '../users/users.service';
import { VerificationsService } from '../verifications/verifications.service';
import { WorkerProfileService } from '../worker-profile/worker-profile.service';
import { ACCOUNT_DELETION_ERRORS } from './account-deletion.errors';

/**
 * Deleting an account, the one path for the person's own 'Eliminar mi cuenta' and the admin's
 * delete. At once, in one transaction, each table through its owner: the confirmation e-mail to
 * the address the account had (before the tombstone frees it), the tombstone, the public
 * profile, offers, memberships, documents, saved items and searches, push, and every session.
 * What remains (messages' texts, references, the hires' personal fields, e-mails, the audit's
 * personal values) is erased 30 days later by AccountErasure; payments stay, without contact data.
 */
@Injectable()
export class AccountDeletionService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly transactions: Transactions,
    private readonly clock: Clock,
    private readonly events: DomainEvents,
    private readonly passwords: PasswordHasher,
    private readonly loginLimits: LoginLimits,
    private readonly tokens: SessionTokensService,
    private readonly users: UsersService,
    private readonly workerProfiles: WorkerProfileService,
    private readonly parentProfiles: ParentProfileService,
    private readonly offers: JobOffersService,
    private readonly memberships: MembershipsService,
    private readonly chat: ChatService,
    private readonly push: PushService,
    private readonly images: ProfileImagesService,
    private readonly verifications: VerificationsService,
    private readonly shortlists: ShortlistsService,
    private readonly savedSearches: SavedSearchesService,
    private readonly mail: MailService,
    private readonly blocks: BlocksService,
  ) {}

  /**
   * 'Eliminar mi cuenta', confirmed with the password. A wrong password counts as a failed login
   * of the account's address (the login limits), so this route is no way around them. Admins are
   * refused: the team's accounts are deleted by another admin.
   */
  async deleteOwn(actor: AuthUser, password: string | undefined, ip: string): Promise<void> {
    if (actor.isAdmin) throw ACCOUNT_DELETION_ERRORS.adminRefused.exception();
    if (!password) {
      const message = ACCOUNT_DELETION_ERRORS.passwordRequired.message;
      throw ACCOUNT_DELETION_ERRORS.passwordRequired.exception({ password: [message] });
    }
    const user = await this.users.activeById(actor.id);
    if (!user) return; // deleted meanwhile: nothing left to delete
    await this.passwords.checkRoom();
    const attempt = await this.loginLimits.begin(user.email, ip);
    let matches: boolean;
    try {
      matches = await this.passwords.compare(password, user.passwordHash);
    } catch (error) {
      await attempt.cancelled();
      throw error;
    }
    if (!matches) {
      const message = ACCOUNT_DELETION_ERRORS.wrongPassword.message;
      throw ACCOUNT_DELETION_ERRORS.wrongPassword.exception({ password: [message] });
    }
    await attempt.succeeded();
    await this.deleteNow(actor.id, async (_m, locked) => {
      if (locked.isAdmin) throw ACCOUNT_DELETION_ERRORS.adminRefused.exception();
    });
  }

  /**
   * Deletes the live account `userId` at once. `check` runs first inside the transaction with the
   * locked row (the caller's refusals and its audit row, which commit with the deletion). Answers
   * false when there is no live account of that id.
   */
  async deleteNow(userId: number, check: (m: EntityManager, user: User) => Promise<void>): Promise<boolean> {
    const done = await this.transactions.run(async (m) => {
      const user = await this.users.lockLive(m, userId);
      if (!user) return null;
      await check(m, user);
      // Written while the address is still the account's; the same transaction frees it.
      await this.mail.enqueue(
        m,
        user.email,
        accountDeletedEmail(user.firstName, `${this.config.publicUrl}/privacy-policy`),
      );
      await this.users.tombstone(m, userId, this.clock.now(), emailDigest(user.email));
      // Each table through its owner (docs/ARCHITECTURE.md, Data).
      await this.workerProfiles.forgetPersonalData(m, userId);
      await this.offers.removeAllOfUser(m, userId);
      await this.memberships.switchOffAllOfUser(m, userId);
      await this.parentProfiles.forgetPersonalData(m, userId);
      await this.chat.forgetUnreadNotices(m, userId);
      await this.push.forgetUser(m, userId);
      await this.shortlists.forgetUser(m, userId);
      await this.savedSearches.forgetUser(m, userId);
      await this.blocks.forgetUser(m, userId);
      const documents = await this.verifications.forgetUser(m, userId);
      await this.tokens.revokeAllOfUser(userId, m);
      return { image: user.profileImage, documents };
    });
    if (!done) return false;
    this.mail.notifyCommitted();
    // Committed: the account's open chat sockets close now, on every process.
    this.tokens.sessionsEnded(userId);
    // Its name, photo, profile, badges and offers leave the directories.
    this.events.emit('user.deleted', { userId });
    await this.images.removeStored(done.image);
    await this.verifications.removeFiles(done.documents);
    return true;
  }
}
