/** The wages module's reads (issue 22): small tables, read whole. */

export const SCALES = `
  SELECT s.id, to_char(s.effective_from, 'YYYY-MM-DD') AS effective_from, s.source,
         s.zone_supplement_percent, s.created_at,
         nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') AS created_by
    FROM wage_scales s LEFT JOIN users u ON u.id = s.created_by
   ORDER BY s.effective_from DESC`;

export const RATES = `
  SELECT scale_id, category, arrangement, hourly::float8 AS hourly, monthly::float8 AS monthly
    FROM wage_rates ORDER BY scale_id, category, arrangement`;

export const CATEGORIES = `SELECT category, name FROM wage_categories ORDER BY category`;

export const SERVICES = `
  SELECT s.id AS service_id, s.title AS key, w.category
    FROM services s LEFT JOIN wage_service_categories w ON w.service_id = s.id
   ORDER BY s.sort_order`;

export const LIVE_IN_ARRANGEMENTS = `SELECT id FROM work_arrangements WHERE key = $1 ORDER BY id`;

export const ZONE_AREAS = `SELECT province_id, municipality_id FROM wage_zone_areas ORDER BY id`;

/** The category row of a service, locked for the change (null when the service does not exist). */
export const SERVICE_FOR_UPDATE = `
  SELECT s.id, s.title AS key, w.category, w.service_id IS NOT NULL AS mapped
    FROM services s LEFT JOIN wage_service_categories w ON w.service_id = s.id
   WHERE s.id = $1
     FOR UPDATE OF s`;
