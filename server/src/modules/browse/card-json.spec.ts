import type { Catalog } from '../catalog/catalog.service';
import { CardJson, type OfferCardFields, type WorkerCardFields } from './card-json';
import { decodeChoiceKeys, FILTER_KEY_OFFSETS } from './filters';

const catalog: Catalog = {
  services: [
    { id: 2, title: 'babysitter', title_display: 'Niñera/o' },
    { id: 1, title: 'housemaide', title_display: 'Empleada/o doméstica/o' },
  ],
  tasks: [{ id: 7, title_display: 'Cocinar "casero"' }],
  workArrangements: [{ id: 3, value_display: 'Con retiro' }],
  languages: [{ id: 1, name_display: 'Español' }],
  shifts: [{ id: 4, day: 'lunes', shift: 'mañana', day_display: 'Lunes', shift_display: 'Mañana' }],
  provinces: [{ id: 6, name: 'Buenos Aires' }],
  municipalities: [{ id: 6035, name: 'Avellaneda', province: { id: 6 } }],
  centroids: new Map([[6035, { lat: -34.66, lon: -58.35 }]]),
  educationStatuses: [],
};

const now = new Date('2026-11-26T12:00:00Z');
const codes = (list: keyof typeof FILTER_KEY_OFFSETS, ...ids: number[]) =>
  ids.map((id) => FILTER_KEY_OFFSETS[list] + id);

describe('decodeChoiceKeys', () => {
  it('splits a read model row codes into its choice lists and leaves places out', () => {
    const text = `{${[...codes('province', 6), ...codes('municipality', 6035), ...codes('services', 1, 2), ...codes('work_shifts', 4)].join(',')}}`;
    expect(decodeChoiceKeys(text)).toEqual({
      services: [1, 2],
      work_arrangements: [],
      tasks: [],
      languages: [],
      work_shifts: [4],
    });
  });

  it('reads an empty array', () => {
    expect(decodeChoiceKeys('{}')).toEqual({
      services: [],
      work_arrangements: [],
      tasks: [],
      languages: [],
      work_shifts: [],
    });
  });
});

describe('CardJson', () => {
  const writer = CardJson.of(catalog);

  it('is made once per catalog', () => {
    expect(CardJson.of(catalog)).toBe(writer);
  });

  it('writes a worker card as the directory DTO, choices in the catalog order and text escaped', () => {
    const row: WorkerCardFields = {
      id: 9,
      date_of_birth: '1990-01-02',
      introduction: 'Hola, soy "Ana"\ny cocino',
      first_name: 'Ana',
      profile_image: null,
      last_seen_ms: now.getTime() - 2 * 3_600_000,
      province_id: 6,
      municipality_id: null,
    };
    const choices = { services: [1, 2], work_arrangements: [3], tasks: [7], languages: [], work_shifts: [4] };
    expect(JSON.parse(writer.worker(row, choices, now))).toEqual({
      id: 9,
      verified: { identity: false, background: false },
      date_of_birth: '1990-01-02',
      introduction: 'Hola, soy "Ana"\ny cocino',
      user: { first_name: 'Ana', profile_image: null, formatted_last_seen: 'Hace 2 horas' },
      location: { municipality: null, province: { id: 6, name: 'Buenos Aires' } },
      services: catalog.services,
      work_arrangements: catalog.workArrangements,
      tasks: catalog.tasks,
      languages: [],
      work_shifts: [{ day_display: 'Lunes', shift_display: 'Mañana' }],
      rating: null,
    });
    // References: the average of the visible stars, one decimal, and their count.
    const rated = JSON.parse(writer.worker({ ...row, rating_sum: 57, rating_count: 12 }, choices, now));
    expect(rated.rating).toEqual({ average: 4.8, count: 12, hired: 0 });
    // Verified documents: the DNI, and the certificate while it holds.
    const verified = JSON.parse(
      writer.worker({ ...row, identity_verified: true, background_active: true }, choices, now),
    );
    expect(verified.verified).toEqual({ identity: true, background: true });
  });

  const offer: OfferCardFields = {
    id: 5,
    title: 'Niñera para dos chicos',
    description: 'Buscamos',
    status: true,
    neighborhood: 'Centro',
    monthly_price: 450000,
    native_language_id: 1,
    created_at_ms: Date.parse('2026-11-20T15:00:00Z'),
    province_id: 6,
    municipality_id: 6035,
    parent_id: 3,
    parent_birth: null,
    parent_gender: 'female',
    parent_nationality: 'Argentina',
    parent_user_id: 7,
    parent_first_name: 'Laura',
    parent_image: '/media/a.webp',
    parent_last_seen_ms: null,
  };

  it('writes an offer as JobOfferDto, with its employer', () => {
    const choices = { services: [2], work_arrangements: [], tasks: [], languages: [1], work_shifts: [4] };
    expect(JSON.parse(writer.offer(offer, choices, now))).toEqual({
      id: 5,
      title: 'Niñera para dos chicos',
      description: 'Buscamos',
      location: {
        neighborhood: 'Centro',
        municipality: { id: 6035, name: 'Avellaneda' },
        province: { id: 6, name: 'Buenos Aires' },
      },
      parent_profile: {
        id: 3,
        identity_verified: false,
        user: { id: 7, first_name: 'Laura', profile_image: '/media/a.webp', formatted_last_seen: '-' },
        date_of_birth: null,
        gender_display: 'Femenino',
        nationality: 'Argentina',
        rating: null,
      },
      services: [catalog.services[0]],
      tasks: [],
      work_arrangements: [],
      monthly_price: 450000,
      languages: catalog.languages,
      native_language: { id: 1 },
      work_shifts: catalog.shifts,
      status: true,
      formatted_created_at: '20/11/2026',
    });
  });

  it('writes a team offer with no employer, no price and no native language', () => {
    const none = { services: [], work_arrangements: [], tasks: [], languages: [], work_shifts: [] };
    const team = { ...offer, parent_id: null, monthly_price: null, native_language_id: null, status: false };
    const parsed = JSON.parse(writer.offer(team, none, now)) as Record<string, unknown>;
    expect(parsed).toMatchObject({ parent_profile: null, monthly_price: null, native_language: null, status: false });
  });
});
