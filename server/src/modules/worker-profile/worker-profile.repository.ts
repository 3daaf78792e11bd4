import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager, Repository } from 'typeorm';
import { Reads } from '../../database/reads';
import { Education, Experience, WorkerProfile } from './entities/worker-profile.entities';

/*
 * The worker-profile module's hand-written SQL: the access check, the visibility rule, the info
 * update and the choice lists (one statement per table). Experiences, educations and single
 * columns go through the entities (entities/worker-profile.entities.ts).
 */

/**
 * A worker's profile with the account's fields and the names of its place, in one statement: the
 * access check (the account is active; the visibility and the owner, which the service weighs
 * against the viewer) and the get-info answer together. No row when the profile is missing or
 * its account is not active. `$1` is the profile.
 */
export const WORKER_INFO = `SELECT w.id, w.user_id, w.date_of_birth::text AS date_of_birth, w.gender, w.nationality, w.neighborhood,
              w.profile_visibility, u.first_name, u.last_name, u.email, u.phone, u.profile_image, u.last_seen,
              p.id AS province_id, p.name AS province_name, m.id AS municipality_id, m.name AS municipality_name
         FROM worker_profiles w JOIN users u ON u.id = w.user_id AND u.is_active
         LEFT JOIN provinces p ON p.id = w.province_id
         LEFT JOIN municipalities m ON m.id = w.municipality_id
        WHERE w.id = $1`;

/** A row of WORKER_INFO. */
export interface WorkerInfoRow extends ProfileRow {
  date_of_birth: string | null;
  gender: string | null;
  nationality: string | null;
  neighborhood: string | null;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  profile_image: string | null;
  last_seen: Date | null;
  province_id: number | null;
  province_name: string | null;
  municipality_id: number | null;
  municipality_name: string | null;
}

/** A profile as the access checks read it (WORKER_ACCESS). */
export interface ProfileRow {
  id: number;
  user_id: number;
  profile_visibility: boolean;
}

/** The worker profile $1 with its owner and visibility, when the owner's account is active; no row otherwise. */
export const WORKER_ACCESS = `SELECT w.id, w.user_id, w.profile_visibility FROM worker_profiles w JOIN users u ON u.id = w.user_id
        WHERE w.id = $1 AND u.is_active`;

/** A profile's entries kept in their own table. */
export type WorkerEntryTable = 'experiences' | 'educations';

/** The profile (`worker_profile_id`) the entry $1 of `table` belongs to; no row when missing. */
export function entryProfileSql(table: WorkerEntryTable): string {
  return `SELECT worker_profile_id FROM ${table} WHERE id = $1`;
}

/** How many entries of `table` the profile $1 has (`count`). */
export function entryCountSql(table: WorkerEntryTable): string {
  return `SELECT count(*)::int AS count FROM ${table} WHERE worker_profile_id = $1`;
}

/** Locks the worker profile $1 for the rest of the transaction. */
export const LOCK_WORKER_PROFILE = `SELECT id FROM worker_profiles WHERE id = $1 FOR UPDATE`;

/**
 * Recomputes the profile $1's visibility: visible exactly when personal info, introduction,
 * services and arrangements are complete, unless an admin hid it.
 */
export const REFRESH_VISIBILITY = `UPDATE worker_profiles w SET profile_visibility = (
          NOT w.hidden_by_admin AND w.date_of_birth IS NOT NULL AND w.gender IS NOT NULL AND w.nationality IS NOT NULL
          AND w.neighborhood IS NOT NULL AND w.province_id IS NOT NULL AND w.municipality_id IS NOT NULL
          AND w.introduction IS NOT NULL
          AND EXISTS (SELECT 1 FROM worker_services s WHERE s.worker_profile_id = w.id)
          AND EXISTS (SELECT 1 FROM worker_work_arrangements a WHERE a.worker_profile_id = w.id)
        ), updated_at = now()
        WHERE w.id = $1`;

/**
 * The personal info of profile $1: $2 date of birth, $3 neighborhood, $4 gender, $5 nationality,
 * $6 province, $7 municipality.
 */
export const UPDATE_WORKER_INFO = `UPDATE worker_profiles SET date_of_birth = $2, neighborhood = $3, gender = $4, nationality = $5,
            province_id = $6, municipality_id = $7 WHERE id = $1`;

/** Empties one choice list (`table`, e.g. worker_services) of the profile $1. */
export function deleteWorkerChoicesSql(table: string): string {
  return `DELETE FROM ${table} WHERE worker_profile_id = $1`;
}

/** Adds to the profile $1 one row of `table` per id of the array $2 (`column`, the table's catalog column). */
export function insertWorkerChoicesSql(table: string, column: string): string {
  return `INSERT INTO ${table} (worker_profile_id, ${column}) SELECT $1, unnest($2::int[])`;
}

/** The ids (`value`) of one choice list (`table`, its catalog `column`) of the profile $1. */
export function workerChoicesSql(table: string, column: string): string {
  return `SELECT ${column} AS value FROM ${table} WHERE worker_profile_id = $1`;
}

/** The user (`user_id`) behind the worker profile $1, whatever the account's state. */
export const WORKER_PROFILE_USER = `SELECT user_id FROM worker_profiles WHERE id = $1`;

/** The worker profile (`id`) of the user $1; no row when they are not a worker. */
export const WORKER_PROFILE_OF_USER = `SELECT id FROM worker_profiles WHERE user_id = $1`;

/** The native language (`native_language_id`) of the profile $1. */
export const WORKER_NATIVE_LANGUAGE = `SELECT native_language_id FROM worker_profiles WHERE id = $1`;

/** A profile's lists of catalog choices, each kept in its own table. */
export type WorkerChoiceList = 'services' | 'tasks' | 'workArrangements' | 'languages' | 'shifts';

/** Each choice list's table and the table's catalog column. */
const CHOICE_TABLES: Record<WorkerChoiceList, { table: string; column: string }> = {
  services: { table: 'worker_services', column: 'service_id' },
  tasks: { table: 'worker_tasks', column: 'task_id' },
  workArrangements: { table: 'worker_work_arrangements', column: 'work_arrangement_id' },
  languages: { table: 'worker_languages', column: 'language_id' },
  shifts: { table: 'worker_shifts', column: 'shift_id' },
};

/** A worker's personal info as the info card writes it (UPDATE_WORKER_INFO). */
export interface WorkerInfoFields {
  dateOfBirth: string;
  neighborhood: string;
  gender: string;
  nationality: string;
  provinceId: number | null;
  municipalityId: number | null;
}

/** Each entry table's entity. */
const ENTRY_ENTITIES = { experiences: Experience, educations: Education };

/** An experience or an education, by its table. */
export type WorkerEntry<T extends WorkerEntryTable> = InstanceType<(typeof ENTRY_ENTITIES)[T]>;

/** The columns both entry tables have (enough for TypeORM's typing; the entity decides the rest). */
type EntryRow = Pick<Experience, 'id' | 'workerProfileId' | 'title'>;

/** An entry's editable fields: all but its id, profile and creation time. */
export type WorkerEntryFields<T extends WorkerEntryTable> = Omit<
  WorkerEntry<T>,
  'id' | 'workerProfileId' | 'workerProfile' | 'createdAt'
>;

/**
 * The worker profiles, their choice lists, experiences and educations. Methods that a service
 * runs inside its transaction take that transaction's manager last.
 */
@Injectable()
export class WorkerProfileRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly reads: Reads,
  ) {}

  // ── The profile row ───────────────────────────────────────────────────────

  /** The empty profile of a worker who just signed up. */
  async addEmpty(userId: number, m: EntityManager): Promise<void> {
    await m.getRepository(WorkerProfile).insert({ userId });
  }

  /** An admin's showing or hiding: hidden_by_admin follows, so hidden stays hidden. */
  async setVisibilityByAdmin(profileId: number, visible: boolean, m: EntityManager): Promise<void> {
    await m.getRepository(WorkerProfile).update(profileId, { profileVisibility: visible, hiddenByAdmin: !visible });
  }

  /** A deleted account's profile: hidden for good, its personal fields emptied. */
  async forgetPersonalData(userId: number, m: EntityManager): Promise<void> {
    await m.getRepository(WorkerProfile).update(
      { userId },
      {
        profileVisibility: false,
        hiddenByAdmin: true,
        dateOfBirth: null,
        nationality: null,
        neighborhood: null,
        introduction: null,
      },
    );
  }

  /** The profile with its owner and visibility, when the owner's account is active (WORKER_ACCESS). */
  async access(id: number, m: EntityManager = this.dataSource.manager): Promise<ProfileRow | undefined> {
    const rows: ProfileRow[] = await m.query(WORKER_ACCESS, [id]);
    return rows[0];
  }

  /** The user behind the profile, listed or not, whatever the account's state. */
  async userIdOf(profileId: number): Promise<number | undefined> {
    const rows: { user_id: number }[] = await this.dataSource.query(WORKER_PROFILE_USER, [profileId]);
    return rows[0]?.user_id;
  }

  /** The worker profile of the user, if they are a worker. */
  async idOfUser(userId: number, m: EntityManager = this.dataSource.manager): Promise<number | null> {
    const [row] = (await m.query(WORKER_PROFILE_OF_USER, [userId])) as { id: number }[];
    return row?.id ?? null;
  }

  /**
   * The get-info row (WORKER_INFO), as a prepared statement: the public profile's hot path, on
   * the replica when one may serve it (database/reads.ts).
   */
  async info(id: number): Promise<WorkerInfoRow | undefined> {
    const rows = await this.reads.prepared<WorkerInfoRow>(WORKER_INFO, [id]);
    return rows[0];
  }

  /** The profile's row; fails when it is missing. */
  profile(id: number): Promise<WorkerProfile> {
    return this.dataSource.getRepository(WorkerProfile).findOneByOrFail({ id });
  }

  /** Locks the profile row for the rest of the transaction (limits checked under the lock). */
  async lock(id: number, m: EntityManager): Promise<void> {
    await m.query(LOCK_WORKER_PROFILE, [id]);
  }

  /** Recomputes the profile's visibility from its completeness (REFRESH_VISIBILITY). */
  async refreshVisibility(id: number, m: EntityManager): Promise<void> {
    await m.query(REFRESH_VISIBILITY, [id]);
  }

  async updateInfo(id: number, info: WorkerInfoFields, m: EntityManager): Promise<void> {
    await m.query(UPDATE_WORKER_INFO, [
      id,
      info.dateOfBirth,
      info.neighborhood,
      info.gender,
      info.nationality,
      info.provinceId,
      info.municipalityId,
    ]);
  }

  async setIntroduction(id: number, introduction: string, m: EntityManager): Promise<void> {
    await m.getRepository(WorkerProfile).update(id, { introduction });
  }

  async setHourPrice(id: number, hourPrice: number, m: EntityManager): Promise<void> {
    await m.getRepository(WorkerProfile).update(id, { hourPrice });
  }

  async setNativeLanguage(id: number, languageId: number, m: EntityManager): Promise<void> {
    await m.getRepository(WorkerProfile).update(id, { nativeLanguageId: languageId });
  }

  /** The profile's native language; null when none (or no profile). */
  async nativeLanguage(id: number, m: EntityManager = this.dataSource.manager): Promise<number | null> {
    const [row] = (await m.query(WORKER_NATIVE_LANGUAGE, [id])) as { native_language_id: number | null }[];
    return row?.native_language_id ?? null;
  }

  // ── Choice lists ──────────────────────────────────────────────────────────

  /** The catalog ids the profile chose in `list`. */
  async choices(list: WorkerChoiceList, id: number, m: EntityManager = this.dataSource.manager): Promise<Set<number>> {
    const { table, column } = CHOICE_TABLES[list];
    const rows: { value: number }[] = await m.query(workerChoicesSql(table, column), [id]);
    return new Set(rows.map((row) => row.value));
  }

  /** Makes `values` the profile's whole choice of `list`. */
  async replaceChoices(list: WorkerChoiceList, id: number, values: number[], m: EntityManager): Promise<void> {
    const { table, column } = CHOICE_TABLES[list];
    await m.query(deleteWorkerChoicesSql(table), [id]);
    await m.query(insertWorkerChoicesSql(table, column), [id, values]);
  }

  // ── Experiences and educations ────────────────────────────────────────────

  /** The profile an experience or education belongs to; undefined when the entry is missing. */
  async entryProfileId(table: WorkerEntryTable, entryId: number): Promise<number | undefined> {
    const rows: { worker_profile_id: number }[] = await this.dataSource.query(entryProfileSql(table), [entryId]);
    return rows[0]?.worker_profile_id;
  }

  /** How many entries of `table` the profile has. */
  async entryCount(table: WorkerEntryTable, id: number, m: EntityManager): Promise<number> {
    const [{ count }] = (await m.query(entryCountSql(table), [id])) as { count: number }[];
    return count;
  }

  /** The profile's experiences or educations, oldest first. */
  async entries<T extends WorkerEntryTable>(table: T, profileId: number): Promise<WorkerEntry<T>[]> {
    const rows = await this.entryRows(table).find({ where: { workerProfileId: profileId }, order: { id: 'ASC' } });
    return rows as WorkerEntry<T>[];
  }

  async addEntry<T extends WorkerEntryTable>(
    table: T,
    profileId: number,
    fields: WorkerEntryFields<T>,
    m: EntityManager,
  ): Promise<WorkerEntry<T>> {
    const entries = this.entryRows(table, m);
    return (await entries.save(entries.create({ ...fields, workerProfileId: profileId }))) as WorkerEntry<T>;
  }

  /** Writes the entry's fields and answers it as stored. */
  async updateEntry<T extends WorkerEntryTable>(
    table: T,
    id: number,
    fields: WorkerEntryFields<T>,
    m: EntityManager,
  ): Promise<WorkerEntry<T>> {
    const entries = this.entryRows(table, m);
    await entries.update(id, fields);
    return (await entries.findOneByOrFail({ id })) as WorkerEntry<T>;
  }

  async deleteEntry(table: WorkerEntryTable, id: number, m: EntityManager): Promise<void> {
    await this.entryRows(table, m).delete(id);
  }

  /** The entry table's rows, by the columns both entities share. */
  private entryRows(table: WorkerEntryTable, m: EntityManager = this.dataSource.manager): Repository<EntryRow> {
    return m.getRepository<EntryRow>(ENTRY_ENTITIES[table]);
  }
}
