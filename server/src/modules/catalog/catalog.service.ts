import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { dayDisplay, EDUCATION_STATUSES, shiftDisplay, sortByName } from '@cym/common';
import { PreparedAnswer } from '../../common/http/prepared-answer';
import {
  DirectoryFilterChoicesDto,
  FilterChoicesDto,
  LanguageChoiceDto,
  MunicipalityDto,
  ProvinceDto,
  ServiceChoiceDto,
  ShiftChoiceDto,
  StatusChoiceDto,
  TaskChoiceDto,
  WorkArrangementChoiceDto,
} from './dto/catalog.dto';
import { CATALOG_ERRORS } from './catalog.errors';
import { CatalogRepository } from './catalog.repository';

/**
 * The directories' filter lists without the 527 municipalities (a directory page carries these
 * in its HTML; the place filters ask for one province's municipalities when it is chosen).
 */
export function directoryFilterChoices(c: Catalog): DirectoryFilterChoicesDto {
  return {
    services: c.services,
    work_arrangements: c.workArrangements,
    tasks: c.tasks,
    languages: c.languages,
    work_shifts: c.shifts,
    provinces: c.provinces,
  };
}

/** The workers' and the offers' filter choices (the two get-filter-choices endpoints). */
export function filterChoices(c: Catalog): FilterChoicesDto {
  return { ...directoryFilterChoices(c), municipalities: c.municipalities };
}

export interface Catalog {
  services: ServiceChoiceDto[];
  tasks: TaskChoiceDto[];
  workArrangements: WorkArrangementChoiceDto[];
  languages: LanguageChoiceDto[];
  shifts: ShiftChoiceDto[];
  provinces: ProvinceDto[];
  municipalities: MunicipalityDto[];
  /** Each municipality's centroid (degrees), for 'Cerca de'; never part of an answer. */
  centroids: Map<number, { lat: number; lon: number }>;
  educationStatuses: StatusChoiceDto[];
}

/**
 * The choice lists. They change only through migrations, so they are read once per process
 * (seven small queries) and then answered from memory.
 */
@Injectable()
export class CatalogService implements OnApplicationBootstrap {
  private catalog?: Promise<Catalog>;
  private readonly answers = new Map<string, Promise<PreparedAnswer>>();

  constructor(private readonly repository: CatalogRepository) {}

  /**
   * Loaded at start-up, so no request ever waits for it inside a transaction (on the embedded
   * database the pool has one connection, and a second query outside the transaction would wait).
   */
  async onApplicationBootstrap(): Promise<void> {
    await this.get();
  }

  get(): Promise<Catalog> {
    this.catalog ??= this.load().catch((error: unknown) => {
      this.catalog = undefined;
      throw error;
    });
    return this.catalog;
  }

  /**
   * The answer `shape` makes of the lists, serialised once per process under `name` (one name,
   * one shape): the lists never change while the process runs, so neither do these bytes, their
   * ETag or their compressed forms (made once on first demand).
   */
  prepared(name: string, shape: (catalog: Catalog) => unknown): Promise<PreparedAnswer> {
    let answer = this.answers.get(name);
    if (!answer) {
      answer = this.get().then((catalog) => new PreparedAnswer(shape(catalog)));
      this.answers.set(name, answer);
      answer.catch(() => {
        if (this.answers.get(name) === answer) this.answers.delete(name);
      });
    }
    return answer;
  }

  /**
   * One province's municipalities, in the catalog's order, serialised once per province; 404 for a
   * province the catalog does not have.
   */
  async municipalitiesOf(provinceId: number): Promise<PreparedAnswer> {
    const catalog = await this.get();
    if (!catalog.provinces.some((p) => p.id === provinceId)) throw CATALOG_ERRORS.provinceNotFound.exception();
    return this.prepared(`municipalities-of-${provinceId}`, (c) =>
      c.municipalities.filter((m) => m.province.id === provinceId),
    );
  }

  private async load(): Promise<Catalog> {
    const {
      services,
      tasks,
      workArrangements: arrangements,
      languages,
      shifts,
      provinces,
      municipalities,
    } = await this.repository.lists();
    return {
      services: services.map((s) => ({ id: s.id, title: s.title, title_display: s.titleDisplay })),
      tasks: tasks.map((t) => ({ id: t.id, title_display: t.titleDisplay })),
      workArrangements: arrangements.map((w) => ({ id: w.id, value_display: w.valueDisplay })),
      languages: languages.map((l) => ({ id: l.id, name_display: l.nameDisplay })),
      shifts: shifts.map((s) => ({
        id: s.id,
        day: s.day,
        shift: s.shift,
        day_display: dayDisplay(s.day),
        shift_display: shiftDisplay(s.shift),
      })),
      // Spanish order: the database's byte order put 'Corrientes' before 'Córdoba'.
      provinces: sortByName(provinces.map((p) => ({ id: p.id, name: p.name }))),
      municipalities: sortByName(
        municipalities.map((mu) => ({ id: mu.id, name: mu.name, province: { id: mu.provinceId } })),
      ),
      centroids: new Map(municipalities.map((mu) => [mu.id, { lat: mu.lat, lon: mu.lon }])),
      educationStatuses: EDUCATION_STATUSES.map(({ value, label }) => ({ value, label })),
    };
  }
}
