import { activeMembershipSql, hasActiveMembershipSql } from '../memberships/membership-rules';

/**
 * What a session needs of the user's profile in one read: the type, the profile's id and
 * visibility, and the name of the employer's active membership. `$1` is the user, `$2` the Clock's now.
 */
export const PROFILE_SUMMARY = `SELECT u.profile_type, w.id AS worker_id, w.profile_visibility, p.id AS parent_id,
              (SELECT mt.name FROM memberships m JOIN membership_types mt ON mt.id = m.membership_type_id
                WHERE m.parent_profile_id = p.id AND ${activeMembershipSql('m', '$2')}
                ORDER BY m.end_date DESC LIMIT 1) AS membership_type
         FROM users u
         LEFT JOIN worker_profiles w ON w.user_id = u.id
         LEFT JOIN parent_profiles p ON p.user_id = u.id
        WHERE u.id = $1`;

/** Whether the user ($1) is an employer with an active membership at the Clock's now ($2). */
export const USER_HAS_ACTIVE_MEMBERSHIP = `SELECT 1 FROM parent_profiles p WHERE p.user_id = $1 AND ${hasActiveMembershipSql('p.id', '$2')}`;
