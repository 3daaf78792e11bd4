const { EmbeddedPostgres } = require('./server/dist/src/database/embedded-postgres');
(async () => {
  const e = await EmbeddedPostgres.start({ dataDir: '/tmp/seedcheck/pg' });
  const pool = new (require('pg').Pool)({ connectionString: e.url, max: 1 });
  const q = async (sql) => (await pool.query(sql)).rows;
  const tables = ['users','worker_profiles','worker_services','worker_tasks','worker_work_arrangements','worker_languages','worker_shifts','experiences','educations','parent_profiles','payments','memberships','job_offers','job_offer_services','job_offer_tasks','job_offer_work_arrangements','job_offer_languages','job_offer_shifts'];
  const counts = {};
  for (const t of tables) counts[t] = Number((await q(`SELECT count(*) FROM ${t}`))[0].count);
  console.log(counts);
  const checks = {
    visible: `SELECT profile_visibility, count(*) FROM worker_profiles GROUP BY 1`,
    profileTypes: `SELECT profile_type, is_admin, count(*) FROM users GROUP BY 1,2`,
    provinces: `SELECT count(DISTINCT province_id) AS provinces, sum((province_id IN (2,6))::int) AS amba, count(*) FROM worker_profiles`,
    placeMismatch: `SELECT count(*) FROM worker_profiles w JOIN municipalities m ON m.id = w.municipality_id WHERE m.province_id <> w.province_id`,
    offerPlaceMismatch: `SELECT count(*) FROM job_offers o JOIN municipalities m ON m.id = o.municipality_id WHERE m.province_id <> o.province_id`,
    nationalities: `SELECT nationality, count(*) FROM worker_profiles GROUP BY 1 ORDER BY 2 DESC`,
    ages: `SELECT min(date_part('year', age(date_of_birth))), max(date_part('year', age(date_of_birth))) FROM worker_profiles`,
    empAges: `SELECT min(date_part('year', age(date_of_birth))), max(date_part('year', age(date_of_birth))) FROM parent_profiles`,
    payments: `SELECT payment_method, status, count(*), min(amount), max(amount) FROM payments GROUP BY 1,2`,
    memberships: `SELECT status, end_date > now() AS current, count(*) FROM memberships GROUP BY 1,2`,
    offersPerParent: `SELECT max(c) FROM (SELECT count(*) c FROM job_offers WHERE parent_profile_id IS NOT NULL GROUP BY parent_profile_id) x`,
    adminOffers: `SELECT count(*) FROM job_offers WHERE parent_profile_id IS NULL`,
    publicOffers: `SELECT count(*) FROM job_offers o WHERE o.status AND (o.parent_profile_id IS NULL OR EXISTS (SELECT 1 FROM memberships m WHERE m.parent_profile_id = o.parent_profile_id AND m.status AND m.end_date > now()))`,
    nativeNotInLangs: `SELECT count(*) FROM worker_profiles w WHERE NOT EXISTS (SELECT 1 FROM worker_languages l WHERE l.worker_profile_id = w.id AND l.language_id = w.native_language_id)`,
    visibleIncomplete: `SELECT count(*) FROM worker_profiles w WHERE profile_visibility AND (introduction IS NULL OR NOT EXISTS (SELECT 1 FROM worker_services s WHERE s.worker_profile_id = w.id) OR NOT EXISTS (SELECT 1 FROM worker_work_arrangements s WHERE s.worker_profile_id = w.id))`,
    fixed: `SELECT u.email, u.profile_type, u.is_admin, u.first_name, u.last_name, u.phone, u.last_login FROM users u WHERE email NOT LIKE '%.%.%@%' ORDER BY id`,
    fixedEmployers: `SELECT u.email, (SELECT count(*) FROM job_offers o WHERE o.parent_profile_id = p.id) offers, (SELECT bool_or(m.status AND m.end_date > now()) FROM memberships m WHERE m.parent_profile_id = p.id) active FROM parent_profiles p JOIN users u ON u.id = p.user_id WHERE u.email LIKE 'empleador%'`,
    userDates: `SELECT min(created_at), max(created_at), min(last_login), max(last_login), count(*) FILTER (WHERE last_login IS NULL) nulls FROM users`,
    sampleWorker: `SELECT u.first_name, u.last_name, u.email, u.phone, w.nationality, w.neighborhood, m.name municipio, w.hour_price, w.introduction FROM worker_profiles w JOIN users u ON u.id=w.user_id JOIN municipalities m ON m.id=w.municipality_id ORDER BY w.id LIMIT 4`,
    sampleOffer: `SELECT title, description, monthly_price, neighborhood FROM job_offers ORDER BY id LIMIT 3`,
    sampleExp: `SELECT title, description, currently_working FROM experiences ORDER BY id LIMIT 3`,
    sampleEdu: `SELECT title, place, status FROM educations ORDER BY id LIMIT 3`,
    samplePay: `SELECT transaction_id, provider_payment_id, payment_method, status FROM payments ORDER BY id LIMIT 4`,
  };
  for (const [name, sql] of Object.entries(checks)) console.log(name, JSON.stringify(await q(sql), null, 0));
  await pool.end(); await e.stop();
})();
