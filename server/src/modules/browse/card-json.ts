import { formatDate, formatLastSeen, GENDERS, ratingOf } from '@cym/common';
import type { Catalog } from '../catalog/catalog.service';

/**
 * The directories' cards written straight as JSON text (WorkerCardDto, JobOfferDto): each
 * catalog entry and place is serialised once per catalog, so a page of fifty cards is a
 * concatenation of those pieces and the rows' own few fields — no object graph per card to build,
 * walk and collect (the cards' bytes are mostly catalog labels).
 */

/** The catalog ids a card shows, per choice list. */
export interface CardChoices {
  services: number[];
  work_arrangements: number[];
  tasks: number[];
  languages: number[];
  work_shifts: number[];
}

/** What a worker card needs from its row (the directory's query). */
export interface WorkerCardFields {
  id: number;
  /** Verified documents: an approved DNI; whether the approved certificate holds today (Clock). */
  identity_verified?: boolean | null;
  background_active?: boolean;
  date_of_birth: string | null;
  introduction: string | null;
  first_name: string;
  profile_image: string | null;
  /** Milliseconds since the epoch, as every timestamp here. */
  last_seen_ms: number | null;
  province_id: number | null;
  municipality_id: number | null;
  /** References: the visible stars' sum and count, from `reference_ratings` (null without any). */
  rating_sum?: number | null;
  rating_count?: number | null;
  rating_hired?: number | null;
}

/** What an offer needs from its row (the offer queries' columns). */
export interface OfferCardFields {
  id: number;
  /** The employer's approved DNI. */
  parent_identity_verified?: boolean | null;
  title: string;
  description: string;
  status: boolean;
  neighborhood: string;
  monthly_price: number | null;
  native_language_id: number | null;
  created_at_ms: number;
  province_id: number;
  municipality_id: number;
  parent_id: number | null;
  /** The employer's user (what 'Bloquear' on the offer page names). */
  parent_user_id: number | null;
  parent_birth: string | null;
  parent_gender: string | null;
  parent_nationality: string | null;
  parent_first_name: string | null;
  parent_image: string | null;
  parent_last_seen_ms: number | null;
  /** The employer's references: the visible stars' sum and count (null without any). */
  parent_rating_sum?: number | null;
  parent_rating_count?: number | null;
  parent_rating_hired?: number | null;
}

type ChoiceList = keyof CardChoices;

/** A nullable string as JSON. */
const text = (value: string | null): string => (value === null ? 'null' : JSON.stringify(value));

const date = (ms: number | null): Date | null => (ms === null ? null : new Date(ms));

/** A rating as JSON: `{"average":4.7,"count":12}`, or null without visible references. */
const rating = (
  sum: number | null | undefined,
  count: number | null | undefined,
  hired: number | null | undefined,
): string => {
  const value = ratingOf(sum ?? null, count ?? null, hired ?? 0);
  return value === null ? 'null' : `{"average":${value.average},"count":${value.count},"hired":${value.hired}}`;
};

/** A card's last member `distance_km` ('Cerca de': whole kilometres), or nothing. */
const distance = (km: number | null | undefined): string =>
  km === null || km === undefined ? '' : `,"distance_km":${km}`;

/** Each entry of a catalog list with its JSON, in the catalog's order (the cards' order). */
function serialised<T extends { id: number }>(list: T[], shape: (item: T) => unknown = (item) => item) {
  return list.map((item) => ({ id: item.id, json: JSON.stringify(shape(item)) }));
}

/**
 * A page's cards as one JSON array, from the page query's rows (a page past the last holds one
 * row with the total and no id, which writes no card).
 */
export function cardArray<R extends { id: number }>(rows: (R | { id: null })[], write: (row: R) => string): string {
  const cards: string[] = [];
  for (const row of rows) if (row.id !== null) cards.push(write(row as R));
  return `[${cards.join(',')}]`;
}

export class CardJson {
  private static readonly byCatalog = new WeakMap<Catalog, CardJson>();

  /** The writer of one catalog (the catalog is loaded once per process, so this is made once). */
  static of(catalog: Catalog): CardJson {
    let writer = CardJson.byCatalog.get(catalog);
    if (!writer) {
      writer = new CardJson(catalog);
      CardJson.byCatalog.set(catalog, writer);
    }
    return writer;
  }

  private readonly choices: Record<ChoiceList, { id: number; json: string }[]>;
  /** Worker cards show a shift's two labels only; offers the whole shift. */
  private readonly shiftLabels: { id: number; json: string }[];
  private readonly provinces: Map<number, string>;
  private readonly municipalities: Map<number, string>;

  private constructor(catalog: Catalog) {
    this.choices = {
      services: serialised(catalog.services),
      work_arrangements: serialised(catalog.workArrangements),
      tasks: serialised(catalog.tasks),
      languages: serialised(catalog.languages),
      work_shifts: serialised(catalog.shifts),
    };
    this.shiftLabels = serialised(catalog.shifts, (s) => ({
      day_display: s.day_display,
      shift_display: s.shift_display,
    }));
    const place = (p: { id: number; name: string }) => [p.id, JSON.stringify({ id: p.id, name: p.name })] as const;
    this.provinces = new Map(catalog.provinces.map(place));
    this.municipalities = new Map(catalog.municipalities.map(place));
  }

  /** A JSON array of the entries of `entries` whose id is in `ids`, in the catalog's order. */
  private pick(entries: { id: number; json: string }[], ids: number[]): string {
    let out = '';
    for (const entry of entries) {
      if (ids.includes(entry.id)) out += out ? `,${entry.json}` : entry.json;
    }
    return `[${out}]`;
  }

  private place(places: Map<number, string>, id: number | null): string {
    return (id !== null && places.get(id)) || 'null';
  }

  /** One WorkerCardDto as JSON; `distanceKm` ('Cerca de') is written when given. */
  worker(row: WorkerCardFields, choices: CardChoices, now: Date, distanceKm?: number | null): string {
    const c = this.choices;
    return (
      `{"id":${row.id},"verified":{"identity":${row.identity_verified === true},"background":${row.background_active === true}},` +
      `"date_of_birth":${text(row.date_of_birth)},"introduction":${text(row.introduction)},` +
      `"user":{"first_name":${JSON.stringify(row.first_name)},"profile_image":${text(row.profile_image)},` +
      `"formatted_last_seen":${JSON.stringify(formatLastSeen(date(row.last_seen_ms), now))}},` +
      `"location":{"municipality":${this.place(this.municipalities, row.municipality_id)},` +
      `"province":${this.place(this.provinces, row.province_id)}},` +
      `"services":${this.pick(c.services, choices.services)},` +
      `"work_arrangements":${this.pick(c.work_arrangements, choices.work_arrangements)},` +
      `"tasks":${this.pick(c.tasks, choices.tasks)},"languages":${this.pick(c.languages, choices.languages)},` +
      `"work_shifts":${this.pick(this.shiftLabels, choices.work_shifts)},` +
      `"rating":${rating(row.rating_sum, row.rating_count, row.rating_hired)}${distance(distanceKm)}}`
    );
  }

  /** One JobOfferDto as JSON; `distanceKm` ('Cerca de') is written when given. */
  offer(row: OfferCardFields, choices: CardChoices, now: Date, distanceKm?: number | null): string {
    const c = this.choices;
    const gender = GENDERS.find((g) => g.value === row.parent_gender)?.label ?? null;
    const parent =
      row.parent_id === null
        ? 'null'
        : `{"id":${row.parent_id},"identity_verified":${row.parent_identity_verified === true},"user":{"id":${row.parent_user_id ?? 'null'},"first_name":${JSON.stringify(row.parent_first_name ?? '')},` +
          `"profile_image":${text(row.parent_image)},` +
          `"formatted_last_seen":${JSON.stringify(formatLastSeen(date(row.parent_last_seen_ms), now))}},` +
          `"date_of_birth":${text(row.parent_birth)},"gender_display":${text(gender)},` +
          `"nationality":${text(row.parent_nationality)},` +
          `"rating":${rating(row.parent_rating_sum, row.parent_rating_count, row.parent_rating_hired)}}`;
    return (
      `{"id":${row.id},"title":${JSON.stringify(row.title)},"description":${JSON.stringify(row.description)},` +
      `"location":{"neighborhood":${JSON.stringify(row.neighborhood)},` +
      `"municipality":${this.place(this.municipalities, row.municipality_id)},` +
      `"province":${this.place(this.provinces, row.province_id)}},` +
      `"parent_profile":${parent},"services":${this.pick(c.services, choices.services)},` +
      `"tasks":${this.pick(c.tasks, choices.tasks)},` +
      `"work_arrangements":${this.pick(c.work_arrangements, choices.work_arrangements)},` +
      `"monthly_price":${row.monthly_price === null ? 'null' : row.monthly_price},` +
      `"languages":${this.pick(c.languages, choices.languages)},` +
      `"native_language":${row.native_language_id === null ? 'null' : `{"id":${row.native_language_id}}`},` +
      `"work_shifts":${this.pick(c.work_shifts, choices.work_shifts)},"status":${row.status ? 'true' : 'false'},` +
      `"formatted_created_at":${JSON.stringify(formatDate(new Date(row.created_at_ms)))}${distance(distanceKm)}}`
    );
  }
}
