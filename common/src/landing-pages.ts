/**
 * Landing pages per service and place: `/trabajadores/{servicio}/{provincia}` and
 * `/trabajadores/{servicio}/{provincia}/{municipio}`, e.g. "Niñeras en Córdoba". A page exists only
 * while it has listed workers (a municipality's from LANDING_MIN_MUNICIPALITY_WORKERS).
 */

/** The words of each service's pages, by the catalog's stable service key (its labels may change). */
export const LANDING_SERVICES: Record<string, { slug: string; plural: string }> = {
  housemaide: { slug: 'empleadas-domesticas', plural: 'Empleadas domésticas' },
  babysitter: { slug: 'nineras', plural: 'Niñeras' },
  nurse: { slug: 'enfermeras-de-bebes', plural: 'Enfermeras de bebés' },
  eldercare: { slug: 'acompanantes-de-adultos-mayores', plural: 'Acompañantes de adultos mayores' },
  petcare: { slug: 'cuidado-de-mascotas', plural: 'Cuidadores de mascotas' },
  chef: { slug: 'cocineras', plural: 'Cocineras' },
  house_pet_sitting: { slug: 'cuidado-de-casa-y-mascotas', plural: 'Cuidadores de casa y mascotas' },
  au_pair: { slug: 'au-pairs', plural: 'Au pairs' },
  butler: { slug: 'amas-de-llaves', plural: 'Amas de llaves y mayordomos' },
  commercial_cleaning: { slug: 'limpieza-comercial', plural: 'Personal de limpieza comercial' },
};

/** A municipality gets its own page from this many listed workers of the service. */
export const LANDING_MIN_MUNICIPALITY_WORKERS = 3;

/** The first segment of every landing page's address. */
export const LANDING_ROOT = '/trabajadores';

/** A place's name as an address segment: `Ciudad Autónoma de Buenos Aires` → `ciudad-autonoma-de-buenos-aires`. */
export function placeSlug(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** A landing page's address from its segments (the municipality's when given). */
export function landingPath(serviceSlug: string, provinceSlug: string, municipalitySlug?: string | null): string {
  return [LANDING_ROOT, serviceSlug, provinceSlug, ...(municipalitySlug ? [municipalitySlug] : [])].join('/');
}

/** A landing page's heading: "Niñeras en Córdoba". */
export const landingTitle = (plural: string, place: string): string => `${plural} en ${place}`;
