import { TOTP_PERIOD_SECONDS } from '@cym/common';
import { DEMO_ADMIN_TOTP_SECRET } from '../../seed/src/demo-second-factor';
import { encryptSecret, totpCode } from '../../server/src/modules/auth/second-factor';
import type { TestApp } from './test-app';

/**
 * Admins' second factor in the suites: every admin a suite creates (`createAccount(t, 'admin')`)
 * is enrolled with this secret, and logs in with codes computed from it, as an authenticator app
 * would; the demo admin with the development secret the demo seed enrols.
 */
export const TEST_TOTP_SECRET = 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU';

/** The demo seed's admin (seed/src/demo-seed.ts). */
const DEMO_ADMIN = 'admin@demo.casaymanos.ar';

/** The secret an account's authenticator app holds in the suites. */
export function totpSecretOf(email: string): string {
  return email === DEMO_ADMIN ? DEMO_ADMIN_TOTP_SECRET : TEST_TOTP_SECRET;
}

/**
 * Enrols an admin straight in the database (the enrolment has its own tests), with `secret`. The
 * suite owns that database, so `nextTotpCode` may later clear the step the server last accepted
 * for the account instead of waiting for a new one (see there).
 */
export async function enrolAdmin(t: TestApp, userId: number, secret = TEST_TOTP_SECRET): Promise<void> {
  await t.dataSource.query(
    `INSERT INTO admin_totp (user_id, secret, confirmed_at) VALUES ($1, $2, now())
     ON CONFLICT (user_id) DO UPDATE SET secret = $2, confirmed_at = now(), last_step = NULL`,
    [userId, encryptSecret(secret, t.config.totpKey)],
  );
  const [user] = (await t.dataSource.query(`SELECT email FROM users WHERE id = $1`, [userId])) as { email: string }[];
  if (user)
    forgetLastStep.set(user.email, async () => {
      await t.dataSource.query(`UPDATE admin_totp SET last_step = NULL WHERE user_id = $1`, [userId]);
    });
}

/** For the admins this process enrolled: clears the step the server last accepted for them. */
const forgetLastStep = new Map<string, () => Promise<void>>();

/** The last step whose code each account used here: the server accepts each step once. */
const usedSteps = new Map<string, number>();

/**
 * A code the server will take now for `email`: one of the step before (when not about to turn),
 * the current one or the next (the server accepts one step either side), later than any this
 * process used for the account. When all three are used: for an admin this process enrolled, the
 * server's record of the last step is cleared (a suite's fourth admin login within 30 seconds
 * would otherwise wait up to 30 seconds; the one-use rule has its own tests in the auth suite);
 * for any other account, it waits for the next step.
 */
export async function nextTotpCode(email: string, secret = totpSecretOf(email)): Promise<string> {
  for (;;) {
    const now = Date.now();
    const current = Math.floor(now / 1000 / TOTP_PERIOD_SECONDS);
    const untilNext = (current + 1) * TOTP_PERIOD_SECONDS * 1000 - now;
    const last = usedSteps.get(email) ?? -Infinity;
    const candidates = [...(untilNext > 5000 ? [current - 1] : []), current, current + 1];
    const step = candidates.find((candidate) => candidate > last);
    if (step !== undefined) {
      usedSteps.set(email, step);
      return totpCode(secret, new Date(step * TOTP_PERIOD_SECONDS * 1000));
    }
    const forget = forgetLastStep.get(email);
    if (forget) {
      await forget();
      usedSteps.delete(email);
      continue;
    }
    await new Promise((resolve) => setTimeout(resolve, untilNext + 50));
  }
}
