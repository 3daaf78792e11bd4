import { Inject, Injectable } from '@nestjs/common';
import {
  ADMIN_SESSION_HOURS,
  AUTH_MESSAGES,
  forgotPasswordProblem,
  isProfileType,
  loginProblem,
  normalizeArgentineMobile,
  normalizeEmail,
  passwordTooLong,
  isStrongEnoughPassword,
  signUpProblem,
} from '@cym/common';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { Clock } from '../../common/clock/clock';
import { COMMON_ERRORS } from '../../common/errors/common.errors';
import { RateLimiter } from '../../common/rate-limit/rate-limiter';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { Transactions } from '../../database/transactions';
import { MailService } from '../mail/mail.service';
import { resetPasswordEmail, verificationEmail } from '../mail/templates';
import { ProfilesService } from '../profiles/profiles.service';
import { User } from '../users/entities/user.entity';
import { UsersService } from '../users/users.service';
import { ParentProfileService } from '../parent-profile/parent-profile.service';
import { WorkerProfileService } from '../worker-profile/worker-profile.service';
import {
  EmailDto,
  EnrolledSessionDto,
  LoginDto,
  SecondFactorChallengeDto,
  SecondFactorCodeDto,
  SecondFactorEnrolmentDto,
  SecondFactorTokenDto,
  SessionDto,
  SignUpDto,
  SuccessMessageDto,
  VerifiedSessionDto,
} from './dto/auth.dto';
import { AUTH_ERRORS } from './auth.errors';
import { checkLinkToken, decodeUid, encodeUid, LinkPurpose, linkIssuedAt, makeLinkToken } from './link-tokens';
import { LoginLimits } from './login-limits';
import { LoginSessionsService } from './login-sessions.service';
import { PasswordHasher } from './password-hasher';
import type { Successor } from './refresh-grace';
import { SecondFactorService } from './second-factor.service';
import { InvalidSessionException, SecondFactorSession, SessionTokensService } from './session-tokens.service';

const MINUTE = 60_000;
/**
 * Limits per client IP and per e-mail address: generous for people, tight for scripts. Login's,
 * which count only failures, are in login-limits.ts.
 */
const LIMITS = {
  signUpIp: { limit: 10, windowMs: 60 * MINUTE },
  signUpEmail: { limit: 3, windowMs: 60 * MINUTE },
  resetIp: { limit: 10, windowMs: 60 * MINUTE },
  resetEmail: { limit: 3, windowMs: 60 * MINUTE },
  resendIp: { limit: 10, windowMs: 60 * MINUTE },
  resendEmail: { limit: 3, windowMs: 60 * MINUTE },
};

/** Compared against when the e-mail is unknown, so both answers take a bcrypt's time. */
const DUMMY_HASH = '$2b$12$C6UzMDM.H6dfI/f/IKcEeO5rVqzU8z6jV6rQe0tPz8kDVXxvXG7lK';

@Injectable()
export class AuthService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly transactions: Transactions,
    private readonly tokens: SessionTokensService,
    private readonly profiles: ProfilesService,
    private readonly mail: MailService,
    private readonly limiter: RateLimiter,
    private readonly passwords: PasswordHasher,
    private readonly loginLimits: LoginLimits,
    private readonly users: UsersService,
    private readonly workerProfiles: WorkerProfileService,
    private readonly parentProfiles: ParentProfileService,
    private readonly secondFactor: SecondFactorService,
    private readonly loginSessions: LoginSessionsService,
    private readonly clock: Clock,
  ) {}

  /** The sign-up form's rules in order, then the profile type (400) and a taken e-mail (409). */
  async signUp(form: SignUpDto, ip: string, signedIn: boolean): Promise<SuccessMessageDto> {
    const input = {
      firstName: form.firstName ?? '',
      lastName: form.lastName ?? '',
      email: form.email ?? '',
      phone: form.phone ?? '',
      password: form.password ?? '',
      confirmPassword: form.confirmPassword ?? '',
      profileType: form.profileType ?? '',
      acceptedTerms: form.acceptedTerms === true,
    };
    const problem = signUpProblem(input);
    if (problem) throw COMMON_ERRORS.validation.withMessage(problem);
    if (signedIn) throw AUTH_ERRORS.alreadyAuthenticated.exception();
    if (!isProfileType(input.profileType)) throw AUTH_ERRORS.badProfileType.exception();
    const email = normalizeEmail(input.email);
    await this.limiter.consume('sign-up-ip', ip, LIMITS.signUpIp);
    await this.limiter.consume('sign-up-email', email, LIMITS.signUpEmail);

    const passwordHash = await this.passwords.hash(input.password);
    const profileType = input.profileType;
    try {
      await this.transactions.run(async (m) => {
        const user = await this.users.create(m, {
          email,
          passwordHash,
          firstName: input.firstName.trim(),
          lastName: input.lastName.trim(),
          // Checked by signUpProblem; stored in the international form (E.164, +5491123456789).
          phone: normalizeArgentineMobile(input.phone),
          profileType,
        });
        if (profileType === 'Worker') await this.workerProfiles.createEmpty(m, user.id);
        else await this.parentProfiles.createEmpty(m, user.id);
        await this.sendVerification(user, m);
      });
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw AUTH_ERRORS.emailTaken.exception();
      throw error;
    }
    this.mail.notifyCommitted();
    return { success: true, message: AUTH_MESSAGES.signUpDone };
  }

  /**
   * The login. An admin with the right password gets no session but the second step
   * (SecondFactorChallengeDto); everyone else gets the session at once.
   */
  async login(
    form: LoginDto,
    ip: string,
    signedIn: boolean,
    userAgent: string | undefined,
  ): Promise<SessionDto | SecondFactorChallengeDto> {
    const problem = loginProblem(form.username ?? '', form.password ?? '');
    if (problem) throw COMMON_ERRORS.validation.withMessage(problem);
    if (signedIn) throw AUTH_ERRORS.alreadyAuthenticated.exception();
    const email = normalizeEmail(form.username ?? '');
    await this.passwords.checkRoom(); // a login flood is refused before it costs a query
    // Counted as a failure until the password proves right (see login-limits.ts for the rule).
    const attempt = await this.loginLimits.begin(email, ip);
    let user: User | null;
    let passwordMatches: boolean;
    try {
      user = await this.users.liveByEmail(email);
      passwordMatches = await this.passwords.compare(form.password ?? '', user?.passwordHash ?? DUMMY_HASH);
    } catch (error) {
      await attempt.cancelled();
      throw error;
    }
    if (!user) throw AUTH_ERRORS.unknownEmail.exception();
    if (!passwordMatches) throw AUTH_ERRORS.wrongPassword.exception();
    await attempt.succeeded();
    // Told only to whoever knows the password; an inactive account never gets a session.
    if (!user.isActive) {
      if (user.suspendedAt) throw AUTH_ERRORS.suspended.exception();
      throw AUTH_ERRORS.unknownEmail.exception();
    }
    if (!user.emailVerifiedAt) throw AUTH_ERRORS.emailNotVerified.exception();
    if (user.isAdmin) {
      const { stage, token } = await this.secondFactor.challenge(user);
      return { mfa: stage, mfa_token: token, is_admin: true };
    }
    return this.logIn(user, userAgent);
  }

  /** The secret and QR code an admin adds to their authenticator app at the first login. */
  async startEnrolment(form: SecondFactorTokenDto): Promise<SecondFactorEnrolmentDto> {
    const user = await this.secondFactor.userOf(form.mfa_token, 'enroll');
    const enrolment = await this.secondFactor.startEnrolment(user);
    return { secret: enrolment.secret, otpauth_uri: enrolment.otpauthUri, qr_code: enrolment.qrCode };
  }

  /** The first code confirms the app: the session, and the ten recovery codes shown this once. */
  async confirmEnrolment(form: SecondFactorCodeDto, userAgent: string | undefined): Promise<EnrolledSessionDto> {
    const user = await this.secondFactor.userOf(form.mfa_token, 'enroll');
    const recoveryCodes = await this.secondFactor.confirmEnrolment(user, form.code);
    return { ...(await this.adminSession(user, userAgent)), recovery_codes: recoveryCodes };
  }

  /** The second step of an enrolled admin's login: a code of the app, or a recovery code. */
  async verifySecondFactor(form: SecondFactorCodeDto, userAgent: string | undefined): Promise<SessionDto> {
    const user = await this.secondFactor.userOf(form.mfa_token, 'verify');
    await this.secondFactor.verify(user, form.code);
    return this.adminSession(user, userAgent);
  }

  /**
   * A session with the second factor: the only kind in which an admin counts as one. It ends
   * ADMIN_SESSION_HOURS after this login, however often it is refreshed.
   */
  private adminSession(user: User, userAgent: string | undefined): Promise<SessionDto> {
    const sessionEnd = Math.floor(this.clock.now().getTime() / 1000) + ADMIN_SESSION_HOURS * 3600;
    return this.logIn(user, userAgent, { secondFactor: { sessionEnd } });
  }

  /**
   * A new login (password, second factor or verification link) in one transaction: the login's
   * stamp on the user (which locks the row, so one person's logins take turns), its row in
   * 'Sesiones activas' with the new-browser e-mail when due, and its tokens.
   */
  private async logIn(
    user: User,
    userAgent: string | undefined,
    options: { secondFactor?: SecondFactorSession; verifiedAt?: Date } = {},
  ): Promise<SessionDto> {
    let mailed = false;
    const session = await this.transactions.run(async (m) => {
      await this.users.recordLogin(m, user.id, options.verifiedAt);
      const familyId = randomUUID();
      mailed = await this.loginSessions.started(m, user, familyId, userAgent);
      return this.session(user, { familyId, secondFactor: options.secondFactor }, m);
    });
    if (mailed) this.mail.notifyCommitted();
    return session;
  }

  async refresh(token: string | undefined, userAgent: string | undefined): Promise<SessionDto> {
    const { userId, familyId, secondFactor, successor } = await this.tokens.spendRefresh(token ?? '');
    const user = await this.users.activeById(userId);
    if (!user) throw AUTH_ERRORS.sessionExpired.exception();
    // An admin's login without the second factor (from before it was asked, or a promotion since)
    // ends here: they log in again, with it.
    if (user.isAdmin && !secondFactor) {
      await this.tokens.revokeFamily(user.id, familyId);
      throw new InvalidSessionException();
    }
    await this.loginSessions.used(user.id, familyId, userAgent);
    return this.session(user, { familyId, secondFactor: secondFactor ?? undefined, successor });
  }

  async verifyEmail(uidb64: string, token: string, userAgent: string | undefined): Promise<VerifiedSessionDto> {
    const user = await this.userFromLink(uidb64, token, 'verify-email');
    if (!user) {
      if (await this.verifiedByLink(uidb64, token)) throw AUTH_ERRORS.alreadyVerified.exception();
      throw AUTH_ERRORS.verifyLinkInvalid.exception();
    }
    const session = await this.logIn(user, userAgent, { verifiedAt: new Date() });
    return { success: true, message: AUTH_MESSAGES.verified, ...session };
  }

  /** Same answer whether or not the address exists or is verified (no enumeration). */
  async resendVerification(form: EmailDto, ip: string): Promise<SuccessMessageDto> {
    const problem = forgotPasswordProblem(form.email ?? '');
    if (problem) throw COMMON_ERRORS.validation.withMessage(problem);
    const email = normalizeEmail(form.email ?? '');
    await this.limiter.consume('resend-ip', ip, LIMITS.resendIp);
    await this.limiter.consume('resend-email', email, LIMITS.resendEmail);
    const user = await this.users.activeByEmail(email);
    if (user && !user.emailVerifiedAt) {
      await this.transactions.run((m) => this.sendVerification(user, m));
      this.mail.notifyCommitted();
    }
    return { success: true, message: AUTH_MESSAGES.resendDone };
  }

  /** Same answer whether or not the address exists: it reveals no accounts. */
  async requestPasswordReset(form: EmailDto, ip: string): Promise<SuccessMessageDto> {
    const problem = forgotPasswordProblem(form.email ?? '');
    if (problem) throw COMMON_ERRORS.validation.withMessage(problem);
    const email = normalizeEmail(form.email ?? '');
    await this.limiter.consume('reset-ip', ip, LIMITS.resetIp);
    await this.limiter.consume('reset-email', email, LIMITS.resetEmail);
    const user = await this.users.activeByEmail(email);
    if (user) {
      const link = `${this.config.publicUrl}/reset/${encodeUid(user.id)}/${makeLinkToken(this.config.jwtSecret, 'reset-password', user)}`;
      await this.transactions.run((m) => this.mail.enqueue(m, user.email, resetPasswordEmail(user.firstName, link)));
      this.mail.notifyCommitted();
    }
    return { success: true, message: AUTH_MESSAGES.resetSent };
  }

  async checkResetLink(uidb64: string, token: string): Promise<SuccessMessageDto> {
    if (!(await this.userFromLink(uidb64, token, 'reset-password'))) throw AUTH_ERRORS.resetLinkInvalid.exception();
    return { success: true, message: AUTH_MESSAGES.tokenValid };
  }

  /**
   * Sets the new password, revokes every session, and counts the address as verified (the
   * person just proved they read its mail).
   */
  async resetPassword(uidb64: string, token: string, password: string | undefined): Promise<SuccessMessageDto> {
    const user = await this.userFromLink(uidb64, token, 'reset-password');
    if (!user) throw AUTH_ERRORS.resetLinkInvalid.exception();
    const value = password ?? '';
    if (!value) throw AUTH_ERRORS.resetFieldsRequired.exception();
    if (!isStrongEnoughPassword(value)) throw AUTH_ERRORS.passwordRule.exception();
    if (passwordTooLong(value)) throw AUTH_ERRORS.passwordTooLong.exception();
    const passwordHash = await this.passwords.hash(value);
    await this.transactions.run(async (m) => {
      await this.users.setPassword(m, user, passwordHash);
      await this.tokens.revokeAllOfUser(user.id, m);
    });
    this.tokens.sessionsEnded(user.id);
    return { success: true, message: AUTH_MESSAGES.resetDone };
  }

  async logout(userId: number): Promise<SuccessMessageDto> {
    await this.tokens.revokeAllOfUser(userId);
    return { success: true, message: AUTH_MESSAGES.loggedOut };
  }

  private async sendVerification(user: User, m: EntityManager): Promise<void> {
    const token = makeLinkToken(this.config.jwtSecret, 'verify-email', user);
    const link = `${this.config.publicUrl}/email-verification/${encodeUid(user.id)}/${token}`;
    await this.mail.enqueue(m, user.email, verificationEmail(user.firstName, link));
  }

  /**
   * A verification link that no longer works because its address is already verified (the link
   * was used, or a later one): issued to this account between its creation and its verification
   * (the answer is then 'already verified'). Anything else stays 'not valid'.
   */
  private async verifiedByLink(uidb64: string, token: string): Promise<boolean> {
    const id = decodeUid(uidb64);
    const issuedAt = linkIssuedAt(token);
    if (id === null || issuedAt === null) return false;
    const user = await this.users.activeById(id);
    if (!user?.emailVerifiedAt) return false;
    const second = (date: Date) => Math.floor(date.getTime() / 1000);
    return second(user.createdAt) <= second(issuedAt) && second(issuedAt) <= second(user.emailVerifiedAt);
  }

  private async userFromLink(uidb64: string, token: string, purpose: LinkPurpose): Promise<User | null> {
    const id = decodeUid(uidb64);
    if (id === null) return null;
    const user = await this.users.activeById(id);
    if (!user || !checkLinkToken(this.config.jwtSecret, purpose, user, token)) return null;
    return user;
  }

  /**
   * Tokens plus the profile facts the web needs, in the transaction of `m` when given. A
   * rotation keeps its login's `familyId`; a second-factor session keeps its end.
   */
  private async session(
    user: User,
    login: { familyId?: string; secondFactor?: SecondFactorSession; successor?: Successor },
    m?: EntityManager,
  ): Promise<SessionDto> {
    const { familyId, secondFactor, successor } = login;
    const claims = {
      id: user.id,
      email: user.email,
      profile_type: user.profileType,
      is_admin: user.isAdmin,
      ...(secondFactor ? { mfa: true as const, session_end: secondFactor.sessionEnd } : {}),
    };
    // A refresh answers the successor its spend stored; a login stores its first token.
    const pair =
      successor && familyId
        ? this.tokens.rotated(claims, familyId, successor)
        : await this.tokens.issue(claims, m, familyId);
    const summary = await this.profiles.summary(user.id, m);
    return { ...pair, ...summary, is_admin: user.isAdmin };
  }
}
