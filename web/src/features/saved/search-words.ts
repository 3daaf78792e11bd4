import { DEFAULT_RADIUS_KM, SAVED_SEARCH_LIMITS, type SavedSearchKind } from '@cym/common';

/** The catalog's places, to name a search's `province`, `municipality` and `near` ids. */
export interface PlaceNames {
  provinces: { id: number; name: string }[];
  municipalities: { id: number; name: string; province: { id: number } }[];
}

/** Shifts listed one by one up to this many; more are counted. */
const SHIFTS_LISTED = 3;

function list(query: Record<string, string>, key: string): string[] {
  return (query[key] ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
}

/** A municipality as the cards write it ('Comuna 14, Ciudad Autónoma de Buenos Aires'), or its name alone. */
function municipalityName(
  id: string | undefined,
  places: PlaceNames | undefined,
  withProvince: boolean,
): string | null {
  if (!id || !places) return null;
  const municipality = places.municipalities.find((m) => String(m.id) === id);
  if (!municipality) return null;
  const province = places.provinces.find((p) => p.id === municipality.province.id)?.name;
  return withProvince && province ? `${municipality.name}, ${province}` : municipality.name;
}

function provinceName(id: string | undefined, places: PlaceNames | undefined): string | null {
  if (!id || !places) return null;
  return places.provinces.find((p) => String(p.id) === id)?.name ?? null;
}

/** 'Ubicación': 'en Córdoba' or 'en Comuna 14, Ciudad Autónoma de Buenos Aires' (null: none chosen). */
function wherePhrase(query: Record<string, string>, places: PlaceNames | undefined): string | null {
  const municipality = list(query, 'municipality')[0];
  const province = list(query, 'province')[0];
  if (municipality) return `en ${municipalityName(municipality, places, true) ?? 'la localidad elegida'}`;
  if (province) return `en ${provinceName(province, places) ?? 'la provincia elegida'}`;
  return null;
}

/** 'Cerca de': 'cerca de Comuna 14, Ciudad Autónoma de Buenos Aires (hasta 25 km)' (null: off). */
function nearPhrase(
  query: Record<string, string>,
  places: PlaceNames | undefined,
  withProvince: boolean,
): string | null {
  if (!query.near) return null;
  const place = municipalityName(query.near, places, withProvince) ?? 'la localidad elegida';
  const radius = query.radius_km ?? String(DEFAULT_RADIUS_KM);
  return withProvince ? `cerca de ${place} (hasta ${radius} km)` : `cerca de ${place} (${radius} km)`;
}

/** 'Lunes:Mañana' → 'Lunes (mañana)'. */
function shiftWords(value: string): string {
  const [day, period] = value.split(':');
  return period ? `${day} (${period.toLowerCase()})` : value;
}

/**
 * What a saved search looks for, in words, for /alertas: who or what, where (the province or
 * municipality and 'Cerca de', named from the catalog), then the chosen labels.
 * 'Perfiles en Córdoba · Niñera/o · Solo verificados'; with nothing chosen, 'Todos los perfiles'.
 */
export function searchSummary(kind: SavedSearchKind, query: Record<string, string>, places?: PlaceNames): string {
  const noun = kind === 'workers' ? 'Perfiles' : 'Ofertas';
  const where = [wherePhrase(query, places), nearPhrase(query, places, true)].filter(Boolean).join(', ');
  const labels = ['services', 'work_arrangements', 'tasks', 'languages'].flatMap((key) => list(query, key));
  const shifts = list(query, 'work_shifts');
  if (shifts.length > SHIFTS_LISTED) labels.push(`${shifts.length} turnos de disponibilidad`);
  else if (shifts.length > 0) labels.push(`Disponibilidad: ${shifts.map(shiftWords).join(', ')}`);
  if (query.verified === '1') labels.push('Solo verificados');
  if (!where && labels.length === 0) return kind === 'workers' ? 'Todos los perfiles' : 'Todas las ofertas';
  return [where ? `${noun} ${where}` : noun, ...labels].join(' · ');
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * A first name for a search being saved: its first two services and its place, 'Niñera/o en
 * Córdoba', 'Cerca de Comuna 14 (25 km)'; 'Mi búsqueda' when it has neither.
 */
export function suggestedSearchName(query: Record<string, string>, places?: PlaceNames): string {
  const services = list(query, 'services').slice(0, 2).join(' y ');
  const near = nearPhrase(query, places, false);
  const province = list(query, 'province')[0];
  const municipality = list(query, 'municipality')[0];
  const where =
    near ??
    (municipality
      ? `en ${municipalityName(municipality, places, false) ?? 'la localidad elegida'}`
      : province
        ? `en ${provinceName(province, places) ?? 'la provincia elegida'}`
        : null);
  const name = services ? [services, where].filter(Boolean).join(' ') : where ? capitalized(where) : 'Mi búsqueda';
  return name.length > SAVED_SEARCH_LIMITS.nameMax ? name.slice(0, SAVED_SEARCH_LIMITS.nameMax).trimEnd() : name;
}
