import type { EntityManager } from 'typeorm';
import { encryptSecret, otpauthUri } from '@cym/server/modules/auth/second-factor';

/**
 * The demo admin's second factor (development only: the demo seed never runs in production). A
 * fixed secret, printed with the demo logins and written in the README, so a developer adds it to
 * an authenticator app once and keeps it across `rm -rf data`. Real admins get a random secret
 * when they enrol at their first login; there is no default one.
 */
export const DEMO_ADMIN_TOTP_SECRET = 'CASAYMANOSDEMOADMINTOTPSECRET234';

/** Enrols the demo admin with the fixed secret, sealed under this server's key (no recovery codes). */
export async function enrolDemoAdmin(manager: EntityManager, userId: number, totpKey: Buffer): Promise<void> {
  await manager.query(
    `INSERT INTO admin_totp (user_id, secret, confirmed_at) VALUES ($1, $2, now()) ON CONFLICT (user_id) DO NOTHING`,
    [userId, encryptSecret(DEMO_ADMIN_TOTP_SECRET, totpKey)],
  );
}

/** The lines printed under the demo logins. */
export function demoSecondFactorLines(email: string): string[] {
  return [
    `  Verificación en dos pasos del admin / admin's authenticator secret: ${DEMO_ADMIN_TOTP_SECRET}`,
    `    (agregala a una app de autenticación / add it to an authenticator app: ${otpauthUri(DEMO_ADMIN_TOTP_SECRET, email)})`,
  ];
}
