import {
  parseDirectorySearch,
  SAVED_SEARCH_LIMITS,
  type DirectoryFilters,
  type DirectoryNear,
  type SavedSearchKind,
} from '@cym/common';

/** The catalog's places, to name a search's `province`, `municipality` and `near` ids. */
export interface PlaceNames {
  provinces: { id: number; name: string }[];
  municipalities: { id: number; name: string; province: { id: number } }[];
}

/** Shifts listed one by one up to this many; more are counted. */
const SHIFTS_LISTED = 3;

/** A municipality as the cards write it ('Comuna 14, Ciudad Autónoma de Buenos Aires'), or its name alone. */
function municipalityName(id: number, places: PlaceNames | undefined, withProvince: boolean): string {
  const municipality = places?.municipalities.find((m) => m.id === id);
  if (!municipality) return 'la localidad elegida';
  const province = places?.provinces.find((p) => p.id === municipality.province.id)?.name;
  return withProvince && province ? `${municipality.name}, ${province}` : municipality.name;
}

/**
 * 'Ubicación': 'en Córdoba' or 'en Comuna 14[, Ciudad Autónoma de Buenos Aires]' (null: none
 * chosen).
 */
function wherePhrase(filters: DirectoryFilters, places: PlaceNames | undefined, withProvince: boolean): string | null {
  const [municipality] = filters.municipality;
  const [province] = filters.province;
  if (municipality) return `en ${municipalityName(Number(municipality), places, withProvince)}`;
  if (province) return `en ${places?.provinces.find((p) => String(p.id) === province)?.name ?? 'la provincia elegida'}`;
  return null;
}

/** 'Cerca de': 'cerca de Comuna 14, Ciudad Autónoma de Buenos Aires (hasta 25 km)' (null: off). */
function nearPhrase(near: DirectoryNear | null, places: PlaceNames | undefined, withProvince: boolean): string | null {
  if (!near) return null;
  const place = municipalityName(near.municipality, places, withProvince);
  return withProvince ? `cerca de ${place} (hasta ${near.radiusKm} km)` : `cerca de ${place} (${near.radiusKm} km)`;
}

/** 'Lunes:Mañana' → 'Lunes (mañana)'. */
function shiftWords(value: string): string {
  const [day, period] = value.split(':');
  return period ? `${day} (${period.toLowerCase()})` : value;
}

/**
 * What a saved search looks for, in words, for /alertas: who or what, where (the province or
 * municipality and 'Cerca de', named from the catalog), then the chosen labels. The query is read
 * by the directory's own rule (common's parseDirectorySearch).
 * 'Perfiles en Córdoba · Niñera/o · Solo verificados'; with nothing chosen, 'Todos los perfiles'.
 */
export function searchSummary(kind: SavedSearchKind, query: Record<string, string>, places?: PlaceNames): string {
  const { filters, near } = parseDirectorySearch(query);
  const noun = kind === 'workers' ? 'Perfiles' : 'Ofertas';
  const where = [wherePhrase(filters, places, true), nearPhrase(near, places, true)].filter(Boolean).join(', ');
  const labels = [...filters.services, ...filters.work_arrangements, ...filters.tasks, ...filters.languages];
  const shifts = filters.work_shifts;
  if (shifts.length > SHIFTS_LISTED) labels.push(`${shifts.length} turnos de disponibilidad`);
  else if (shifts.length > 0) labels.push(`Disponibilidad: ${shifts.map(shiftWords).join(', ')}`);
  if (filters.verified.length > 0) labels.push('Solo verificados');
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
  const { filters, near } = parseDirectorySearch(query);
  const services = filters.services.slice(0, 2).join(' y ');
  const where = nearPhrase(near, places, false) ?? wherePhrase(filters, places, false);
  const name = services ? [services, where].filter(Boolean).join(' ') : where ? capitalized(where) : 'Mi búsqueda';
  return name.length > SAVED_SEARCH_LIMITS.nameMax ? name.slice(0, SAVED_SEARCH_LIMITS.nameMax).trimEnd() : name;
}
