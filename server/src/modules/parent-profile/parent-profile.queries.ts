import { activeMembershipSql } from '../memberships/membership-rules';

/**
 * An employer's profile with the account's fields and the membership the page shows: the active
 * one when there is one, otherwise the one that ends last. `$1` is the profile, `$2` the Clock's now.
 */
export const PARENT_INFO = `SELECT p.id, p.user_id, u.first_name, u.last_name, u.email, u.phone, u.profile_image,
              p.date_of_birth::text AS date_of_birth, p.gender, p.nationality,
              m.id AS membership_id, ${activeMembershipSql('m', '$2')} AS membership_active, m.start_date, m.end_date
         FROM parent_profiles p JOIN users u ON u.id = p.user_id
         LEFT JOIN LATERAL (
           SELECT * FROM memberships ms WHERE ms.parent_profile_id = p.id
            ORDER BY ${activeMembershipSql('ms', '$2')} DESC, ms.end_date DESC LIMIT 1) m ON true
        WHERE p.id = $1`;
