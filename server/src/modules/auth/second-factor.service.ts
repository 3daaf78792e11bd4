import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { recoveryCodeOf, totpCodeOf } from '@cym/common';
import { createHash } from 'node:crypto';
import { toString as qrSvg } from 'qrcode';
import type { EntityManager } from 'typeorm';
import { RateLimitedException, RateLimiter } from '../../common/rate-limit/rate-limiter';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { User } from '../users/entities/user.entity';
import { UsersService } from '../users/users.service';
import type { DeclaredError } from '../../common/errors/declare-errors';
import { AUTH_ERRORS } from './auth.errors';
import { AuthRepository } from './auth.repository';
import { SessionTokensService } from './session-tokens.service';
import {
  decryptSecret,
  encryptSecret,
  hashRecoveryCode,
  matchingRecoveryHash,
  matchingStep,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUri,
  showRecoveryCode,
} from './second-factor';

/** What the password step leads to: enrolling (no confirmed factor yet) or a code. */
export type SecondFactorStage = 'enroll' | 'verify';

/** How long the password step's answer stays usable: enrolling takes installing an app. */
const CHALLENGE_SECONDS: Record<SecondFactorStage, number> = { verify: 5 * 60, enroll: 10 * 60 };

/** Wrong codes per admin per 15 minutes (right ones are given back). */
const FAILED_CODES = { limit: 5, windowMs: 15 * 60_000 };

export interface Enrolment {
  secret: string;
  otpauthUri: string;
  /** The QR code of `otpauthUri`, drawn here as SVG, in a `data:` URL (no QR code in the web's bundle). */
  qrCode: string;
}

/**
 * An admin's second factor. After the right password an admin
 * gets no session but a challenge token (`mfa_token`, one purpose, minutes long); with it they
 * enrol (a secret, shown once as a QR code, confirmed with a first code, then ten recovery codes)
 * or answer a code, and only then is a session issued. A TOTP code is accepted once (its step
 * must be later than the last accepted one), a recovery code once (removed as it is accepted),
 * and wrong codes are limited per admin. Codes follow the real time, as the phone's app does
 * (not the app's Clock, which tests move for business rules).
 */
@Injectable()
export class SecondFactorService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly secondFactors: AuthRepository,
    private readonly jwt: JwtService,
    private readonly limiter: RateLimiter,
    private readonly users: UsersService,
    private readonly tokens: SessionTokensService,
  ) {}

  /**
   * Another admin's reset, in the caller's transaction (which holds the admin's row locked): the
   * secret and recovery codes go, and every login of theirs ends (their next login enrols again).
   * Answers what there was; the caller calls `SessionTokensService.sessionsEnded` after its commit.
   */
  async resetInTransaction(m: EntityManager, userId: number): Promise<{ enrolled: boolean; sessions: number }> {
    const sessions = (await this.secondFactors.openLoginSessions(userId, m)).length;
    const removed = await this.secondFactors.removeSecondFactor(userId, m);
    await this.tokens.revokeAllOfUser(userId, m);
    return { enrolled: removed?.enrolled ?? false, sessions };
  }

  /** Where an admin who just gave the right password goes next, and the token that lets them. */
  async challenge(user: User): Promise<{ stage: SecondFactorStage; token: string }> {
    const row = await this.secondFactors.secondFactorOf(user.id);
    const stage: SecondFactorStage = row?.confirmedAt ? 'verify' : 'enroll';
    const token = this.jwt.sign(
      { id: user.id, typ: 'mfa', stage, pw: passwordMark(user) },
      { expiresIn: CHALLENGE_SECONDS[stage] },
    );
    return { stage, token };
  }

  /**
   * The admin a challenge token of this stage names, still active, still admin and with the same
   * password; otherwise 401 (log in again).
   */
  async userOf(token: string | undefined, stage: SecondFactorStage): Promise<User> {
    const expired = () => AUTH_ERRORS.secondFactorExpired.exception();
    let payload: Record<string, unknown>;
    try {
      payload = this.jwt.verify(token ?? '');
    } catch {
      throw expired();
    }
    if (payload.typ !== 'mfa' || typeof payload.id !== 'number') throw expired();
    const user = await this.users.activeById(payload.id);
    if (!user?.isAdmin || payload.pw !== passwordMark(user)) throw expired();
    if (payload.stage !== stage) {
      if (stage === 'enroll') throw AUTH_ERRORS.secondFactorEnrolled.exception();
      throw AUTH_ERRORS.secondFactorNotEnrolled.exception();
    }
    return user;
  }

  /**
   * The secret to add to an authenticator app. The same one until it is confirmed, so an admin
   * who scanned it and came back later (a new login) still finds the code their app shows.
   */
  async startEnrolment(user: User): Promise<Enrolment> {
    const row = await this.secondFactors.addSecondFactorUnlessAny(
      user.id,
      encryptSecret(newTotpSecret(), this.config.totpKey),
    );
    if (row.confirmedAt) throw AUTH_ERRORS.secondFactorEnrolled.exception();
    let secret = decryptSecret(row.secret, this.config.totpKey);
    if (!secret) {
      // Sealed under an earlier key: nothing was confirmed with it, so a new one takes its place.
      secret = newTotpSecret();
      await this.secondFactors.replacePendingSecret(user.id, encryptSecret(secret, this.config.totpKey));
    }
    const uri = otpauthUri(secret, user.email);
    const svg = await qrSvg(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return { secret, otpauthUri: uri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
  }

  /**
   * Confirms the pending secret with a code of it and answers ten recovery codes, shown once
   * (only their hashes are kept).
   */
  async confirmEnrolment(user: User, typed: string | undefined): Promise<string[]> {
    const code = totpCodeOf(typed ?? '');
    if (!code) throw AUTH_ERRORS.secondFactorCodeRequired.exception();
    const row = await this.secondFactors.secondFactorOf(user.id);
    if (row?.confirmedAt) throw AUTH_ERRORS.secondFactorEnrolled.exception();
    const secret = row && decryptSecret(row.secret, this.config.totpKey);
    if (!row || !secret) throw AUTH_ERRORS.secondFactorExpired.exception();
    let codes: string[] = [];
    await this.attempt(
      user.id,
      async () => {
        const step = matchingStep(secret, code, new Date());
        if (step === null) return false;
        const recovery = newRecoveryCodes();
        const confirmed = await this.secondFactors.confirmSecondFactor(user.id, row.secret, {
          at: new Date(),
          step,
          recoveryHashes: recovery.map((c) => hashRecoveryCode(c)),
        });
        if (!confirmed) throw AUTH_ERRORS.secondFactorEnrolled.exception();
        codes = recovery.map(showRecoveryCode);
        return true;
      },
      AUTH_ERRORS.wrongCode,
    );
    return codes;
  }

  /** Checks a TOTP code (accepted once) or a recovery code (used up); throws when it is neither. */
  async verify(user: User, typed: string | undefined): Promise<void> {
    const row = await this.secondFactors.secondFactorOf(user.id);
    if (!row?.confirmedAt) throw AUTH_ERRORS.secondFactorNotEnrolled.exception();
    const code = totpCodeOf(typed ?? '');
    if (code) {
      const secret = decryptSecret(row.secret, this.config.totpKey);
      if (!secret) throw new Error(`admin ${user.id}: TOTP secret not readable with TOTP_ENCRYPTION_KEY`);
      return this.attempt(
        user.id,
        async () => {
          const step = matchingStep(secret, code, new Date());
          if (step === null) return false;
          return this.secondFactors.acceptStep(user.id, step);
        },
        AUTH_ERRORS.wrongCode,
      );
    }
    const recovery = recoveryCodeOf(typed ?? '');
    if (!recovery) throw AUTH_ERRORS.secondFactorCodeRequired.exception();
    return this.attempt(
      user.id,
      async () => {
        const hash = matchingRecoveryHash(row.recoveryCodes, recovery);
        if (!hash) return false;
        // Removed in the UPDATE that accepts it: two requests with one code cannot both pass.
        return this.secondFactors.spendRecoveryCode(user.id, hash);
      },
      AUTH_ERRORS.wrongRecoveryCode,
    );
  }

  /**
   * Runs a check counted as a failure up front (parallel guesses cannot all pass the limit); a
   * right answer gives the attempt back, a wrong one keeps it and is refused with 401.
   */
  private async attempt(userId: number, check: () => Promise<boolean>, wrong: DeclaredError): Promise<void> {
    const counter = { name: 'second-factor-failed', subject: String(userId), rule: FAILED_CODES };
    try {
      await this.limiter.take([counter]);
    } catch (error) {
      if (error instanceof RateLimitedException)
        throw new RateLimitedException(error.retryAfterSeconds, AUTH_ERRORS.tooManyCodes.message);
      throw error;
    }
    let passed: boolean;
    try {
      passed = await check();
    } catch (error) {
      await this.limiter.release(counter.name, counter.subject);
      throw error;
    }
    if (!passed) throw wrong.exception();
    await this.limiter.release(counter.name, counter.subject);
  }
}

/** A short mark of the password hash: a challenge token dies when the password changes. */
function passwordMark(user: User): string {
  return createHash('sha256').update(user.passwordHash).digest('base64url').slice(0, 16);
}
