import { searchSummary, suggestedSearchName, type PlaceNames } from './search-words';

const places: PlaceNames = {
  provinces: [
    { id: 2, name: 'Ciudad Autónoma de Buenos Aires' },
    { id: 14, name: 'Córdoba' },
  ],
  municipalities: [{ id: 2014, name: 'Comuna 14', province: { id: 2 } }],
};

describe("a saved search in words (/alertas, 'Guardar búsqueda')", () => {
  it('names the kind, the province or municipality and the place of "Cerca de"', () => {
    expect(searchSummary('job-offers', { province: '14' }, places)).toBe('Ofertas en Córdoba');
    expect(searchSummary('workers', { services: 'Niñera/o', near: '2014', radius_km: '25' }, places)).toBe(
      'Perfiles cerca de Comuna 14, Ciudad Autónoma de Buenos Aires (hasta 25 km) · Niñera/o',
    );
    expect(searchSummary('workers', { province: '2', municipality: '2014', verified: '1' }, places)).toBe(
      'Perfiles en Comuna 14, Ciudad Autónoma de Buenos Aires · Solo verificados',
    );
    expect(searchSummary('workers', { work_shifts: 'Lunes:Mañana,Martes:Tarde' }, places)).toBe(
      'Perfiles · Disponibilidad: Lunes (mañana), Martes (tarde)',
    );
  });

  it('says "todos" or "todas" with nothing chosen, and waits for the catalog without an id', () => {
    expect(searchSummary('workers', {})).toBe('Todos los perfiles');
    expect(searchSummary('job-offers', {})).toBe('Todas las ofertas');
    expect(searchSummary('job-offers', { near: '2014' })).toBe('Ofertas cerca de la localidad elegida (hasta 10 km)');
  });

  it('suggests a name from the services and the place', () => {
    expect(suggestedSearchName({ near: '2014', radius_km: '25' }, places)).toBe('Cerca de Comuna 14 (25 km)');
    expect(suggestedSearchName({ services: 'Niñera/o', province: '14' }, places)).toBe('Niñera/o en Córdoba');
    expect(suggestedSearchName({ services: 'Niñera/o,Cocinera/o,Au pair' }, places)).toBe('Niñera/o y Cocinera/o');
    expect(suggestedSearchName({ languages: 'Inglés' }, places)).toBe('Mi búsqueda');
  });
});
