import type { EntityManager } from 'typeorm';
import { FILTER_KEY_OFFSETS } from '@cym/server/modules/browse/filters';

/**
 * The demo logins' shortlists and saved searches, written after the search read model
 * is: the paying employer keeps four listed workers and one who hid her profile since ('Perfil no
 * disponible'), and a search of the service the most workers offer in the demo employer's
 * province, with its matches already e-mailed; the employer without membership one search of
 * everything, paused; the demo worker three public offers and a search of her province.
 */
export async function writeDemoSaved(
  manager: EntityManager,
  emails: { worker: string; employer: string; employerWithoutMembership: string },
  now: Date,
): Promise<void> {
  const users: { id: number; email: string; province_id: number | null }[] = await manager.query(
    `SELECT u.id, u.email, coalesce(w.province_id, o.province_id) AS province_id
       FROM users u
       LEFT JOIN worker_profiles w ON w.user_id = u.id
       LEFT JOIN parent_profiles p ON p.user_id = u.id
       LEFT JOIN LATERAL (SELECT province_id FROM job_offers WHERE parent_profile_id = p.id LIMIT 1) AS o ON true
      WHERE u.email = ANY ($1::text[])`,
    [[emails.worker, emails.employer, emails.employerWithoutMembership]],
  );
  const byEmail = new Map(users.map((u) => [u.email, u]));
  const worker = byEmail.get(emails.worker);
  const employer = byEmail.get(emails.employer);
  const unpaid = byEmail.get(emails.employerWithoutMembership);
  const weekAgo = new Date(now.getTime() - 7 * 86_400_000);

  if (employer) {
    await manager.query(
      `INSERT INTO shortlist_entries (user_id, worker_profile_id, created_at)
       SELECT $1, id, $2::timestamptz - make_interval(hours => n::int)
         FROM (SELECT worker_profile_id AS id, row_number() OVER (ORDER BY last_seen DESC NULLS LAST, worker_profile_id) AS n
                 FROM worker_search ORDER BY last_seen DESC NULLS LAST, worker_profile_id LIMIT 4) AS listed`,
      [employer.id, now],
    );
    await manager.query(
      `INSERT INTO shortlist_entries (user_id, worker_profile_id, created_at)
       SELECT $1, w.id, $2::timestamptz - interval '3 days' FROM worker_profiles w
        WHERE NOT w.profile_visibility ORDER BY w.id LIMIT 1`,
      [employer.id, now],
    );
    // The service most workers of the employer's province offer: a search with matches.
    const [top]: { service_id: number; title_display: string }[] = await manager.query(
      `SELECT ws.service_id, s.title_display FROM worker_services ws
         JOIN worker_search x ON x.worker_profile_id = ws.worker_profile_id
         JOIN worker_profiles w ON w.id = ws.worker_profile_id
         JOIN services s ON s.id = ws.service_id
        WHERE w.province_id = $1
        GROUP BY ws.service_id, s.title_display ORDER BY count(*) DESC, ws.service_id LIMIT 1`,
      [employer.province_id],
    );
    if (top && employer.province_id !== null) {
      const [search]: { id: number }[] = await manager.query(
        `INSERT INTO saved_searches (user_id, kind, name, query, codes, email_frequency, created_at, last_emailed_at)
         VALUES ($1, 'workers', $2, $3, $4, 'immediate', $5, $6) RETURNING id`,
        [
          employer.id,
          `${top.title_display} en mi provincia`,
          { services: top.title_display, province: String(employer.province_id) },
          [FILTER_KEY_OFFSETS.province + employer.province_id, FILTER_KEY_OFFSETS.services + top.service_id].sort(
            (a, b) => a - b,
          ),
          weekAgo,
          now,
        ],
      );
      await manager.query(
        `INSERT INTO saved_search_matches (saved_search_id, item_id, matched_at, emailed_at)
         SELECT $1, x.worker_profile_id, $2, $2 FROM worker_search x
           JOIN worker_profiles w ON w.id = x.worker_profile_id
           JOIN worker_services ws ON ws.worker_profile_id = w.id AND ws.service_id = $3
          WHERE w.province_id = $4 ORDER BY x.worker_profile_id LIMIT 3`,
        [search!.id, now, top.service_id, employer.province_id],
      );
    }
  }
  if (unpaid)
    await manager.query(
      `INSERT INTO saved_searches (user_id, kind, name, query, codes, email_frequency, paused, created_at)
       VALUES ($1, 'workers', 'Todos los perfiles', '{}', '{}', 'daily', true, $2)`,
      [unpaid.id, weekAgo],
    );
  if (worker) {
    await manager.query(
      `INSERT INTO shortlist_entries (user_id, job_offer_id, created_at)
       SELECT $1, job_offer_id, $2::timestamptz - make_interval(hours => n::int)
         FROM (SELECT job_offer_id, row_number() OVER (ORDER BY created_at DESC, job_offer_id DESC) AS n
                 FROM offer_search WHERE visible_until > $2 ORDER BY created_at DESC, job_offer_id DESC LIMIT 3) AS public`,
      [worker.id, now],
    );
    if (worker.province_id !== null)
      await manager.query(
        `INSERT INTO saved_searches (user_id, kind, name, query, codes, email_frequency, created_at)
         VALUES ($1, 'job-offers', 'Ofertas en mi provincia', $2, $3, 'daily', $4)`,
        [
          worker.id,
          { province: String(worker.province_id) },
          [FILTER_KEY_OFFSETS.province + worker.province_id],
          weekAgo,
        ],
      );
  }
}
