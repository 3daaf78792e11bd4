import { landingPath, landingTitle, placeSlug } from './landing-pages';

describe('landing pages per service and place', () => {
  it('writes a place as an address segment: lower case, no accents, words joined by dashes', () => {
    expect(placeSlug('Ciudad Autónoma de Buenos Aires')).toBe('ciudad-autonoma-de-buenos-aires');
    expect(placeSlug('Córdoba')).toBe('cordoba');
    expect(placeSlug('Ñorquín')).toBe('norquin');
    expect(placeSlug('Villa Gral. Belgrano')).toBe('villa-gral-belgrano');
    expect(placeSlug('  San Martín  (Mendoza) ')).toBe('san-martin-mendoza');
    expect(placeSlug('25 de Mayo')).toBe('25-de-mayo');
    expect(placeSlug('--Tres  Arroyos--')).toBe('tres-arroyos');
  });

  it('builds the address of a province’s page, and of a municipality’s', () => {
    expect(landingPath('nineras', 'cordoba')).toBe('/trabajadores/nineras/cordoba');
    expect(landingPath('nineras', 'cordoba', null)).toBe('/trabajadores/nineras/cordoba');
    expect(landingPath('nineras', 'cordoba', '')).toBe('/trabajadores/nineras/cordoba');
    expect(landingPath('nineras', 'cordoba', 'capital')).toBe('/trabajadores/nineras/cordoba/capital');
  });

  it('titles a page with the service and the place', () => {
    expect(landingTitle('Niñeras', 'Córdoba')).toBe('Niñeras en Córdoba');
  });
});
