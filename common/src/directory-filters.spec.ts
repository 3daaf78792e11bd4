import {
  DIRECTORY_FILTER_KEYS,
  DIRECTORY_FILTER_RULES,
  directoryFiltersToQuery,
  directoryShiftValue,
  NO_DIRECTORY_FILTERS,
  PAGE_PARAM_MESSAGE,
  parseDirectoryFilters,
  parseDirectoryQuery,
  parsePageParam,
  restoreDirectoryFilters,
  DIRECTORY_NEAR_MESSAGES,
  DIRECTORY_QUERY_PARAMS,
  directorySearchToQuery,
  distanceKm,
  formatDistanceKm,
  parseDirectoryNear,
  parseDirectorySearch,
  roundDistanceKm,
  withinRadiusKm,
} from './directory-filters';

describe('directory filter keys', () => {
  it("are the seven search keys and 'Solo verificados', each with a rule and an empty default", () => {
    expect(DIRECTORY_FILTER_KEYS).toEqual([
      'services',
      'work_arrangements',
      'tasks',
      'languages',
      'work_shifts',
      'province',
      'municipality',
      'verified',
    ]);
    expect(Object.keys(DIRECTORY_FILTER_RULES).sort()).toEqual([...DIRECTORY_FILTER_KEYS].sort());
    expect(Object.keys(NO_DIRECTORY_FILTERS)).toEqual([...DIRECTORY_FILTER_KEYS]);
  });

  it('write a shift as Día:Turno', () => {
    expect(directoryShiftValue('Lunes', 'Mañana')).toBe('Lunes:Mañana');
  });
});

describe('parseDirectoryFilters', () => {
  it('reads comma-separated and repeated values, trimmed, without empty ones', () => {
    expect(parseDirectoryFilters({ services: ['Limpieza, Cocina', ' Niñera ', ','], tasks: '' })).toEqual({
      services: ['Limpieza', 'Cocina', 'Niñera'],
    });
  });

  it('ignores unknown keys and values that are not text', () => {
    expect(parseDirectoryFilters({ colour: 'rojo', languages: [42, 'Inglés'], tasks: { a: 1 } })).toEqual({
      languages: ['Inglés'],
    });
  });

  it('keeps only ids for places, and keeps the key when none is left (so nothing matches)', () => {
    expect(parseDirectoryFilters({ province: '1,x,1234567', municipality: '0042' })).toEqual({
      province: ['1'],
      municipality: ['0042'],
    });
    expect(parseDirectoryFilters({ province: 'Buenos Aires' })).toEqual({ province: [] });
  });

  it('takes shift labels as they come (the catalog decides what matches)', () => {
    expect(parseDirectoryFilters({ work_shifts: 'Lunes:Mañana,Martes:Noche' })).toEqual({
      work_shifts: ['Lunes:Mañana', 'Martes:Noche'],
    });
  });
});

describe('parsePageParam', () => {
  it('is absent when not given, and takes plain whole numbers up to 999999', () => {
    expect(parsePageParam(undefined, 'page')).toEqual({ ok: true, value: undefined });
    expect(parsePageParam('3', 'page')).toEqual({ ok: true, value: 3 });
    expect(parsePageParam(['2', '9'], 'page')).toEqual({ ok: true, value: 2 });
    expect(parsePageParam('999999', 'page')).toEqual({ ok: true, value: 999999 });
  });

  it('refuses anything else under the parameter name, with the Spanish message', () => {
    for (const raw of ['0', '-1', '1.5', '01', '1e3', '1000000', '', 'abc', 3, null])
      expect(parsePageParam(raw, 'page_size')).toEqual({ ok: false, errors: { page_size: [PAGE_PARAM_MESSAGE] } });
  });
});

describe('parseDirectoryQuery', () => {
  it('answers the filters and the page', () => {
    expect(parseDirectoryQuery({ services: 'Limpieza', page: '2', page_size: '10' })).toEqual({
      ok: true,
      value: { filters: { services: ['Limpieza'] }, page: 2, pageSize: 10 },
    });
    expect(parseDirectoryQuery({})).toEqual({
      ok: true,
      value: { filters: {}, page: undefined, pageSize: undefined },
    });
  });

  it('refuses the page first, then the page size', () => {
    expect(parseDirectoryQuery({ page: 'x', page_size: 'y' })).toEqual({
      ok: false,
      errors: { page: [PAGE_PARAM_MESSAGE] },
    });
    expect(parseDirectoryQuery({ page: '1', page_size: 'y' })).toEqual({
      ok: false,
      errors: { page_size: [PAGE_PARAM_MESSAGE] },
    });
  });
});

describe('directoryFiltersToQuery and back', () => {
  it('sends only the chosen keys, comma-separated, which the parser reads back', () => {
    const chosen = { ...NO_DIRECTORY_FILTERS, services: ['Limpieza', 'Cocina'], province: ['2'] };
    const query = directoryFiltersToQuery(chosen);
    expect(query).toEqual({ services: 'Limpieza,Cocina', province: '2' });
    expect(parseDirectoryFilters(query)).toEqual({ services: ['Limpieza', 'Cocina'], province: ['2'] });
    expect(directoryFiltersToQuery(NO_DIRECTORY_FILTERS)).toEqual({});
  });
});

describe('restoreDirectoryFilters', () => {
  it('gives back what was saved, with the missing keys empty', () => {
    expect(restoreDirectoryFilters({ tasks: ['Planchar'] })).toEqual({ ...NO_DIRECTORY_FILTERS, tasks: ['Planchar'] });
    expect(restoreDirectoryFilters(JSON.parse(JSON.stringify(NO_DIRECTORY_FILTERS)))).toEqual(NO_DIRECTORY_FILTERS);
  });

  it('is no filter for nothing saved, and drops what is not a list of texts', () => {
    expect(restoreDirectoryFilters(null)).toEqual(NO_DIRECTORY_FILTERS);
    expect(restoreDirectoryFilters('x')).toEqual(NO_DIRECTORY_FILTERS);
    expect(restoreDirectoryFilters({ services: 'Limpieza', languages: ['Inglés', 3], colour: ['rojo'] })).toEqual({
      ...NO_DIRECTORY_FILTERS,
      languages: ['Inglés'],
    });
  });

  it('never shares the empty default (a caller may change what it gets)', () => {
    expect(restoreDirectoryFilters(null)).not.toBe(NO_DIRECTORY_FILTERS);
  });
});

describe("'Cerca de': near and radius_km", () => {
  it('is absent without near, and takes 10 km by default', () => {
    expect(parseDirectoryNear({})).toEqual({ ok: true, value: undefined });
    expect(parseDirectoryNear({ near: '' })).toEqual({ ok: true, value: undefined });
    expect(parseDirectoryNear({ near: '42' })).toEqual({ ok: true, value: { municipality: 42, radiusKm: 10 } });
    expect(parseDirectoryNear({ near: ['42', '7'], radius_km: '50' })).toEqual({
      ok: true,
      value: { municipality: 42, radiusKm: 50 },
    });
  });

  it('takes only 5, 10, 25 or 50 km, even without near', () => {
    for (const radius of ['5', '10', '25', '50'])
      expect(parseDirectoryNear({ near: '1', radius_km: radius })).toEqual({
        ok: true,
        value: { municipality: 1, radiusKm: Number(radius) },
      });
    for (const radius of ['7', '010', '10.0', '-5', '', 'diez', '1e1', ['x']])
      expect(parseDirectoryNear({ near: '1', radius_km: radius })).toEqual({
        ok: false,
        errors: { radius_km: [DIRECTORY_NEAR_MESSAGES.radius] },
      });
    expect(parseDirectoryNear({ radius_km: '3' }).ok).toBe(false);
    expect(DIRECTORY_NEAR_MESSAGES.radius).toBe('El radio debe ser 5, 10, 25 o 50 km.');
  });

  it('refuses a municipality that is no plain id', () => {
    for (const near of ['0', '01', 'abc', '1.5', '1234567', '-1', { a: 1 }])
      expect(parseDirectoryNear({ near })).toEqual({
        ok: false,
        errors: { near: [DIRECTORY_NEAR_MESSAGES.municipality] },
      });
  });

  it('is part of the parsed query, which stays as before without it', () => {
    expect(parseDirectoryQuery({ services: 'Limpieza', page: '2' })).toEqual({
      ok: true,
      value: { filters: { services: ['Limpieza'] }, page: 2, pageSize: undefined },
    });
    expect(parseDirectoryQuery({ services: 'Limpieza', near: '9', radius_km: '25' })).toEqual({
      ok: true,
      value: { filters: { services: ['Limpieza'] }, near: { municipality: 9, radiusKm: 25 } },
    });
    expect(parseDirectoryQuery({ near: '9', radius_km: '26' }).ok).toBe(false);
  });

  it('round-trips a search through its query parameters', () => {
    const search = {
      filters: { ...NO_DIRECTORY_FILTERS, services: ['Niñera/o', 'Limpieza'], province: ['6'] },
      near: { municipality: 123, radiusKm: 25 },
      page: 3,
    };
    const query = directorySearchToQuery(search);
    expect(query).toEqual({ services: 'Niñera/o,Limpieza', province: '6', near: '123', radius_km: '25', page: '3' });
    expect(Object.keys(query).every((key) => (DIRECTORY_QUERY_PARAMS as readonly string[]).includes(key))).toBe(true);
    expect(parseDirectorySearch(Object.fromEntries(new URLSearchParams(query)))).toEqual(search);
    expect(directorySearchToQuery({ filters: NO_DIRECTORY_FILTERS, near: null, page: 1 })).toEqual({});
    expect(parseDirectorySearch({ near: 'x', page: '0' })).toEqual({
      filters: NO_DIRECTORY_FILTERS,
      near: null,
      page: 1,
    });
  });

  it('measures great-circle distances and words them', () => {
    // Obelisco (CABA) to La Plata's centre: about 53 km.
    expect(distanceKm({ lat: -34.6037, lon: -58.3816 }, { lat: -34.9214, lon: -57.9545 })).toBeCloseTo(52.9, 0);
    expect(distanceKm({ lat: -34.6, lon: -58.4 }, { lat: -34.6, lon: -58.4 })).toBe(0);
    expect(formatDistanceKm(0)).toBe('a menos de 1 km');
    expect(formatDistanceKm(7)).toBe('a 7 km');
  });

  it('rounds a distance one way for the card and the radius', () => {
    expect([0.4, 0.5, 5.4, 5.5].map(roundDistanceKm)).toEqual([0, 1, 5, 6]);
    // 'a 5 km' on the card is in the 5 km search; 'a 6 km' is not.
    expect(withinRadiusKm(5.4, 5)).toBe(true);
    expect(withinRadiusKm(5.5, 5)).toBe(false);
    expect(withinRadiusKm(10.49, 10)).toBe(true);
  });
});

describe("'Solo verificados' and distances at their edges", () => {
  it("turns the flag on only with '1', and never into a filter nothing matches", () => {
    expect(parseDirectoryFilters({ verified: '1' })).toEqual({ verified: ['1'] });
    expect(parseDirectoryFilters({ verified: ['0', '1'] })).toEqual({ verified: ['1'] });
    expect(parseDirectoryFilters({ verified: '1,true' })).toEqual({ verified: ['1'] });
    expect(parseDirectoryFilters({ verified: '0' })).toEqual({});
    expect(parseDirectoryFilters({ verified: 'true', services: 'Niñera' })).toEqual({ services: ['Niñera'] });
  });

  it("says 'a 1 km' from one kilometre", () => {
    expect(formatDistanceKm(1)).toBe('a 1 km');
  });
});
