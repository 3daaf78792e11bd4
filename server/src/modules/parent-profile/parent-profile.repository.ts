import { activeMembershipSql } from '../memberships/membership-rules';

/** An employer profile with its owner's e-mail and first name (PARENT_OWNER). */
export interface ParentRow {
  id: number;
  user_id: number;
  email: string;
  first_name: string;
}

/** The employer profile $1 and its owner, when the owner's account is active; no row otherwise. */
export const PARENT_OWNER = `SELECT p.id, p.user_id, u.email, u.first_name FROM parent_profiles p JOIN users u ON u.id = p.user_id
        WHERE p.id = $1 AND u.is_active`;

/** The employer's info as PARENT_INFO reads it. */
export interface ParentInfoRow {
  id: number;
  user_id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  profile_image: string | null;
  date_of_birth: string | null;
  gender: 'male' | 'female' | null;
  nationality: string | null;
  membership_id: number | null;
  membership_active: boolean | null;
  start_date: Date | null;
  end_date: Date | null;
}

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
