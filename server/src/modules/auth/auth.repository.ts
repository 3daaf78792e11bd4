import type { AuthUser } from './access/auth-user';

/*
 * The auth module's hand-written SQL: the session check on each request and the refresh token's
 * one-time spend. Issuing and revoking tokens go through the RefreshToken entity.
 */

/** A live session's user as SESSION_USER reads it. */
export interface SessionUserRow {
  email: string;
  profile_type: AuthUser['profileType'];
  is_admin: boolean;
}

/** The user $1 when active and their login (refresh family $2) still has an unrevoked token; no row otherwise. */
export const SESSION_USER = `SELECT email, profile_type, is_admin FROM users u
          WHERE id = $1 AND is_active
            AND EXISTS (SELECT 1 FROM refresh_tokens r
                         WHERE r.family_id = $2 AND r.user_id = u.id AND r.revoked_at IS NULL)`;

/**
 * Spends the refresh token $1 of the user $2 in one atomic UPDATE, answering its `user_id` and
 * `family_id` (TypeORM's PostgreSQL driver gives [rows, affected count]); no row when the token
 * is used, revoked, expired or not theirs.
 */
export const SPEND_REFRESH_TOKEN = `UPDATE refresh_tokens SET used_at = now()
        WHERE id = $1 AND user_id = $2 AND used_at IS NULL AND revoked_at IS NULL AND expires_at > now()
        RETURNING user_id, family_id`;
