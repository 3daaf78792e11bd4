/** A worker's profile with the account's fields and the names of its place. `$1` is the profile. */
export const WORKER_INFO = `SELECT w.id, w.user_id, w.date_of_birth::text AS date_of_birth, w.gender, w.nationality, w.neighborhood,
              w.profile_visibility, u.first_name, u.last_name, u.email, u.phone, u.profile_image, u.last_seen,
              p.id AS province_id, p.name AS province_name, m.id AS municipality_id, m.name AS municipality_name
         FROM worker_profiles w JOIN users u ON u.id = w.user_id
         LEFT JOIN provinces p ON p.id = w.province_id
         LEFT JOIN municipalities m ON m.id = w.municipality_id
        WHERE w.id = $1`;
