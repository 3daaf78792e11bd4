/*
 * The worker-profile module's hand-written SQL: the access check, the visibility rule, the info
 * update and the choice lists (one statement per table). Experiences, educations and single
 * columns go through the entities (entities/worker-profile.entities.ts).
 */

/**
 * A worker's profile with the account's fields and the names of its place, in one statement: the
 * access check (the account is active; the visibility and the owner, which the service weighs
 * against the viewer) and the get-info answer together. No row when the profile is missing or
 * its account is not active. `$1` is the profile.
 */
export const WORKER_INFO = `SELECT w.id, w.user_id, w.date_of_birth::text AS date_of_birth, w.gender, w.nationality, w.neighborhood,
              w.profile_visibility, u.first_name, u.last_name, u.email, u.phone, u.profile_image, u.last_seen,
              p.id AS province_id, p.name AS province_name, m.id AS municipality_id, m.name AS municipality_name
         FROM worker_profiles w JOIN users u ON u.id = w.user_id AND u.is_active
         LEFT JOIN provinces p ON p.id = w.province_id
         LEFT JOIN municipalities m ON m.id = w.municipality_id
        WHERE w.id = $1`;

/** A row of WORKER_INFO. */
export interface WorkerInfoRow extends ProfileRow {
  date_of_birth: string | null;
  gender: string | null;
  nationality: string | null;
  neighborhood: string | null;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  profile_image: string | null;
  last_seen: Date | null;
  province_id: number | null;
  province_name: string | null;
  municipality_id: number | null;
  municipality_name: string | null;
}

/** A profile as the access checks read it (WORKER_ACCESS). */
export interface ProfileRow {
  id: number;
  user_id: number;
  profile_visibility: boolean;
}

/** The worker profile $1 with its owner and visibility, when the owner's account is active; no row otherwise. */
export const WORKER_ACCESS = `SELECT w.id, w.user_id, w.profile_visibility FROM worker_profiles w JOIN users u ON u.id = w.user_id
        WHERE w.id = $1 AND u.is_active`;

/** A profile's entries kept in their own table. */
export type WorkerEntryTable = 'experiences' | 'educations';

/** The profile (`worker_profile_id`) the entry $1 of `table` belongs to; no row when missing. */
export function entryProfileSql(table: WorkerEntryTable): string {
  return `SELECT worker_profile_id FROM ${table} WHERE id = $1`;
}

/** How many entries of `table` the profile $1 has (`count`). */
export function entryCountSql(table: WorkerEntryTable): string {
  return `SELECT count(*)::int AS count FROM ${table} WHERE worker_profile_id = $1`;
}

/** Locks the worker profile $1 for the rest of the transaction. */
export const LOCK_WORKER_PROFILE = `SELECT id FROM worker_profiles WHERE id = $1 FOR UPDATE`;

/**
 * Recomputes the profile $1's visibility: visible exactly when personal info, introduction,
 * services and arrangements are complete, unless an admin hid it.
 */
export const REFRESH_VISIBILITY = `UPDATE worker_profiles w SET profile_visibility = (
          NOT w.hidden_by_admin AND w.date_of_birth IS NOT NULL AND w.gender IS NOT NULL AND w.nationality IS NOT NULL
          AND w.neighborhood IS NOT NULL AND w.province_id IS NOT NULL AND w.municipality_id IS NOT NULL
          AND w.introduction IS NOT NULL
          AND EXISTS (SELECT 1 FROM worker_services s WHERE s.worker_profile_id = w.id)
          AND EXISTS (SELECT 1 FROM worker_work_arrangements a WHERE a.worker_profile_id = w.id)
        ), updated_at = now()
        WHERE w.id = $1`;

/**
 * The personal info of profile $1: $2 date of birth, $3 neighborhood, $4 gender, $5 nationality,
 * $6 province, $7 municipality.
 */
export const UPDATE_WORKER_INFO = `UPDATE worker_profiles SET date_of_birth = $2, neighborhood = $3, gender = $4, nationality = $5,
            province_id = $6, municipality_id = $7 WHERE id = $1`;

/** Empties one choice list (`table`, e.g. worker_services) of the profile $1. */
export function deleteWorkerChoicesSql(table: string): string {
  return `DELETE FROM ${table} WHERE worker_profile_id = $1`;
}

/** Adds to the profile $1 one row of `table` per id of the array $2 (`column`, the table's catalog column). */
export function insertWorkerChoicesSql(table: string, column: string): string {
  return `INSERT INTO ${table} (worker_profile_id, ${column}) SELECT $1, unnest($2::int[])`;
}

/** The ids (`value`) of one choice list (`table`, its catalog `column`) of the profile $1. */
export function workerChoicesSql(table: string, column: string): string {
  return `SELECT ${column} AS value FROM ${table} WHERE worker_profile_id = $1`;
}

/** The native language (`native_language_id`) of the profile $1. */
export const WORKER_NATIVE_LANGUAGE = `SELECT native_language_id FROM worker_profiles WHERE id = $1`;
