import { HttpStatus, Injectable } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import {
  EDUCATION_STATUSES,
  educationProblems,
  experienceProblems,
  formatLastSeen,
  GENDERS,
  hourPriceProblem,
  introductionProblem,
  PROFILE_LIMITS,
  PROFILE_MESSAGES,
  workerInfoProblems,
} from '@cym/common';
import { DataSource, EntityManager, Repository } from 'typeorm';
import { preparedQuery } from '../../database/prepared-query';
import { Education, Experience, WorkerProfile } from './entities/worker-profile.entities';
import {
  deleteWorkerChoicesSql,
  entryCountSql,
  entryProfileSql,
  insertWorkerChoicesSql,
  LOCK_WORKER_PROFILE,
  type ProfileRow,
  REFRESH_VISIBILITY,
  UPDATE_WORKER_INFO,
  WORKER_ACCESS,
  WORKER_INFO,
  type WorkerInfoRow,
  WORKER_NATIVE_LANGUAGE,
  type WorkerEntryTable,
  workerChoicesSql,
} from './worker-profile.repository';
import { AppException } from '../../common/app-exception';
import { PreparedAnswer } from '../../common/http/prepared-answer';
import type { AuthUser } from '../auth/access/auth-user';
import { CatalogService } from '../catalog/catalog.service';
import type {
  ServiceChoiceDto,
  ShiftChoiceDto,
  TaskChoiceDto,
  WorkArrangementChoiceDto,
} from '../catalog/dto/catalog.dto';
import {
  EducationBodyDto,
  EducationDto,
  ExperienceBodyDto,
  ExperienceDto,
  HourPriceDto,
  IntroductionDto,
  ShiftPairDto,
  WorkerInfoBodyDto,
  WorkerInfoDto,
  WorkerLanguageDto,
} from './dto/worker-profile.dto';
import { WORKER_PROFILE_CHANGED, WorkerProfileChanged } from './worker-profile.events';
import { PublicProfileCache, type PublicWorkerInfo } from './public-profile-cache';

const NOT_FOUND = 'No encontramos este perfil.';
const notFound = () => new AppException(HttpStatus.NOT_FOUND, 'PROFILE_NOT_FOUND', NOT_FOUND);
const STATUS_VALUES = EDUCATION_STATUSES.map((s) => s.value);

/**
 * The worker's own profile: reads (public while visible; owner and admins always) and writes
 * (owner and admins only), with the rules of spec 02 §5 from the common workspace. Every write
 * recomputes profile_visibility (decisions: Worker visibility).
 */
/** An experience as the editor and the public profile show it. */
function experienceDto(row: Experience): ExperienceDto {
  return { id: row.id, title: row.title, description: row.description, currently_working: row.currentlyWorking };
}

@Injectable()
export class WorkerProfileService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(WorkerProfile) private readonly profiles: Repository<WorkerProfile>,
    @InjectRepository(Experience) private readonly experienceRows: Repository<Experience>,
    @InjectRepository(Education) private readonly educationRows: Repository<Education>,
    private readonly catalog: CatalogService,
    private readonly events: EventEmitter2,
    private readonly publicInfo: PublicProfileCache,
  ) {}

  // ── The admin's writes (spec 03 §4; account deletion) ─────────────────────

  /** The empty profile of a worker who just signed up (in the sign-up's transaction). */
  async createEmpty(m: EntityManager, userId: number): Promise<void> {
    await m.getRepository(WorkerProfile).insert({ userId });
  }

  /** An admin shows or hides the profile; hidden stays hidden whatever the worker edits. */
  async setVisibilityByAdmin(m: EntityManager, profileId: number, visible: boolean): Promise<void> {
    await m.getRepository(WorkerProfile).update(profileId, { profileVisibility: visible, hiddenByAdmin: !visible });
  }

  /** A deleted account's profile: hidden for good, its personal fields emptied. */
  async forgetPersonalData(m: EntityManager, userId: number): Promise<void> {
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

  // ── Access ────────────────────────────────────────────────────────────────

  private async profile(id: number, manager: EntityManager = this.dataSource.manager): Promise<ProfileRow | null> {
    const rows: ProfileRow[] = await manager.query(WORKER_ACCESS, [id]);
    return rows[0] ?? null;
  }

  /** A profile the viewer may read: visible ones to everyone, hidden ones to owner and admins. */
  async readable(id: number, viewer: AuthUser | null): Promise<ProfileRow & { privileged: boolean }> {
    const row = await this.profile(id);
    const privileged = !!viewer && !!row && (viewer.isAdmin || viewer.id === row.user_id);
    if (!row || (!row.profile_visibility && !privileged)) throw notFound();
    return { ...row, privileged };
  }

  /** A profile the actor may write: their own, or any for an admin; 403 otherwise. */
  private async writable(id: number, actor: AuthUser, manager?: EntityManager): Promise<ProfileRow> {
    const row = await this.profile(id, manager);
    if (!row) throw notFound();
    if (!actor.isAdmin && actor.id !== row.user_id)
      throw new AppException(HttpStatus.FORBIDDEN, 'NOT_YOUR_PROFILE', 'Solo podés modificar tu propio perfil.');
    return row;
  }

  /** The profile an experience or education belongs to, checked for the actor. */
  private async writableByChild(table: WorkerEntryTable, childId: number, actor: AuthUser): Promise<number> {
    const rows: { worker_profile_id: number }[] = await this.dataSource.query(entryProfileSql(table), [childId]);
    const message = table === 'experiences' ? 'No encontramos esta experiencia.' : 'No encontramos este estudio.';
    if (!rows[0]) throw new AppException(HttpStatus.NOT_FOUND, 'NOT_FOUND', message);
    await this.writable(rows[0].worker_profile_id, actor);
    return rows[0].worker_profile_id;
  }

  /**
   * Visible exactly when personal info, introduction, services and arrangements are complete,
   * unless an admin hid the profile (admin/user/{id}/toggle-profile-visibility/).
   */
  private async refreshVisibility(manager: EntityManager, id: number): Promise<void> {
    await manager.query(REFRESH_VISIBILITY, [id]);
  }

  private async write<T>(id: number, actor: AuthUser, work: (manager: EntityManager) => Promise<T>): Promise<T> {
    const result = await this.dataSource.transaction(async (manager) => {
      await this.writable(id, actor, manager);
      const written = await work(manager);
      await this.refreshVisibility(manager, id);
      return written;
    });
    this.events.emit(WORKER_PROFILE_CHANGED, new WorkerProfileChanged(id));
    return result;
  }

  // ── Reads ─────────────────────────────────────────────────────────────────

  /**
   * The get-info answer as the viewer may read it, serialised. The public's (visitors, and
   * signed-in people who neither own the profile nor are admins) comes from PublicProfileCache;
   * the owner and admins get theirs from the database, with the private fields and hidden
   * profiles. One SQL statement when it is read (WORKER_INFO), none when kept.
   */
  async infoAnswer(id: number, viewer: AuthUser | null): Promise<PreparedAnswer> {
    if (viewer?.isAdmin) return new PreparedAnswer(this.infoDto(await this.infoRow(id), viewer));
    let fresh: { row: WorkerInfoRow | null } | undefined;
    const seen = await this.publicInfo.info(id, async () => {
      const row = await this.infoRow(id);
      fresh = { row };
      return this.publicInfoOf(row);
    });
    if (seen.answer && seen.userId !== viewer?.id) return seen.answer;
    // Hidden or missing for the public; a signed-in viewer may be the owner (of a profile made
    // since, even): read afresh unless this very request just read it.
    if (!viewer || (seen.userId !== null && seen.userId !== viewer.id)) throw notFound();
    return new PreparedAnswer(this.infoDto(fresh ? fresh.row : await this.infoRow(id), viewer));
  }

  /** The get-info answer as the viewer may read it (the owner after an edit, mostly). */
  async info(id: number, viewer: AuthUser | null): Promise<WorkerInfoDto> {
    return this.infoDto(await this.infoRow(id), viewer);
  }

  private async infoRow(id: number): Promise<WorkerInfoRow | null> {
    const rows = await preparedQuery<WorkerInfoRow>(this.dataSource, WORKER_INFO, [id]);
    return rows[0] ?? null;
  }

  private publicInfoOf(row: WorkerInfoRow | null): PublicWorkerInfo {
    return {
      userId: row?.user_id ?? null,
      answer: row?.profile_visibility ? new PreparedAnswer(this.infoDto(row, null)) : null,
    };
  }

  /** Visible profiles to everyone; hidden ones, and the account's private fields, to the owner and admins. */
  private infoDto(r: WorkerInfoRow | null, viewer: AuthUser | null): WorkerInfoDto {
    const privileged = !!viewer && !!r && (viewer.isAdmin || viewer.id === r.user_id);
    if (!r || (!r.profile_visibility && !privileged)) throw notFound();
    return {
      id: r.id,
      user_id: r.user_id,
      user: {
        first_name: r.first_name,
        ...(privileged ? { last_name: r.last_name, email: r.email, phone: r.phone } : {}),
        profile_image: r.profile_image,
        formatted_last_seen: formatLastSeen(r.last_seen),
        profile_visibility: r.profile_visibility,
      },
      date_of_birth: r.date_of_birth,
      gender: r.gender as WorkerInfoDto['gender'],
      gender_display: GENDERS.find((g) => g.value === r.gender)?.label ?? null,
      nationality: r.nationality,
      location: {
        neighborhood: r.neighborhood,
        municipality: r.municipality_id ? { id: r.municipality_id, name: r.municipality_name! } : null,
        province: r.province_id ? { id: r.province_id, name: r.province_name! } : null,
      },
    };
  }

  async introduction(id: number, viewer: AuthUser | null): Promise<IntroductionDto> {
    await this.readable(id, viewer);
    const profile = await this.profiles.findOneByOrFail({ id });
    return { introduction: profile.introduction };
  }

  async hourPrice(id: number, viewer: AuthUser | null): Promise<HourPriceDto> {
    await this.readable(id, viewer);
    const price = (await this.profiles.findOneByOrFail({ id })).hourPrice;
    return { hour_price: price === null ? null : String(price) };
  }

  async services(id: number, viewer: AuthUser | null): Promise<ServiceChoiceDto[]> {
    await this.readable(id, viewer);
    return this.selectedServices(this.dataSource.manager, id);
  }

  async tasks(id: number, viewer: AuthUser | null): Promise<TaskChoiceDto[]> {
    await this.readable(id, viewer);
    return this.selectedTasks(this.dataSource.manager, id);
  }

  async workArrangements(id: number, viewer: AuthUser | null): Promise<WorkArrangementChoiceDto[]> {
    await this.readable(id, viewer);
    return this.selectedArrangements(this.dataSource.manager, id);
  }

  async languages(id: number, viewer: AuthUser | null): Promise<WorkerLanguageDto[]> {
    await this.readable(id, viewer);
    return this.selectedLanguages(this.dataSource.manager, id);
  }

  async shifts(id: number, viewer: AuthUser | null): Promise<ShiftChoiceDto[]> {
    await this.readable(id, viewer);
    return this.selectedShifts(this.dataSource.manager, id);
  }

  async experiences(id: number, viewer: AuthUser | null): Promise<ExperienceDto[]> {
    await this.readable(id, viewer);
    const rows = await this.experienceRows.find({ where: { workerProfileId: id }, order: { id: 'ASC' } });
    return rows.map((row) => experienceDto(row));
  }

  async educations(id: number, viewer: AuthUser | null): Promise<EducationDto[]> {
    await this.readable(id, viewer);
    const rows = await this.educationRows.find({ where: { workerProfileId: id }, order: { id: 'ASC' } });
    return rows.map((row) => this.educationDto(row));
  }

  // ── Writes ────────────────────────────────────────────────────────────────

  async updateInfo(id: number, actor: AuthUser, body: WorkerInfoBodyDto): Promise<WorkerInfoDto> {
    const input = {
      date_of_birth: body.date_of_birth ?? '',
      neighborhood: body.neighborhood ?? '',
      gender: body.gender ?? '',
      nationality: body.nationality ?? '',
      province: body.province ?? null,
      municipality: body.municipality ?? null,
    };
    const problems = workerInfoProblems(input);
    if (Object.keys(problems).length === 0) {
      const { municipalities } = await this.catalog.get();
      const municipality = municipalities.find((m) => m.id === input.municipality);
      if (!municipality || municipality.province.id !== input.province)
        problems.municipality = [PROFILE_MESSAGES.municipalityMismatch];
    }
    if (Object.keys(problems).length > 0) throw AppException.validation(problems);
    await this.write(id, actor, (m) =>
      m.query(UPDATE_WORKER_INFO, [
        id,
        input.date_of_birth,
        input.neighborhood.trim(),
        input.gender,
        input.nationality.trim(),
        input.province,
        input.municipality,
      ]),
    );
    return this.info(id, actor);
  }

  async updateIntroduction(id: number, actor: AuthUser, raw: string | undefined): Promise<IntroductionDto> {
    const problem = introductionProblem(raw ?? '');
    if (problem) throw AppException.validation({ introduction: [problem] });
    const introduction = (raw ?? '').trim();
    await this.write(id, actor, (m) => m.getRepository(WorkerProfile).update(id, { introduction }));
    return { introduction };
  }

  async updateHourPrice(id: number, actor: AuthUser, raw: string | undefined): Promise<HourPriceDto> {
    const problem = hourPriceProblem(raw ?? '');
    if (problem) throw AppException.validation({ hour_price: [problem] });
    const price = Number((raw ?? '').trim());
    await this.write(id, actor, (m) => m.getRepository(WorkerProfile).update(id, { hourPrice: price }));
    return { hour_price: String(price) };
  }

  async updateServices(id: number, actor: AuthUser, ids: number[] | undefined): Promise<ServiceChoiceDto[]> {
    const chosen = await this.validChoices(ids, 'services', PROFILE_MESSAGES.servicesRequired);
    return this.write(id, actor, async (m) => {
      await this.replace(m, 'worker_services', 'service_id', id, chosen);
      return this.selectedServices(m, id);
    });
  }

  async updateTasks(id: number, actor: AuthUser, ids: number[] | undefined): Promise<TaskChoiceDto[]> {
    const chosen = await this.validChoices(ids, 'tasks', PROFILE_MESSAGES.tasksRequired);
    return this.write(id, actor, async (m) => {
      await this.replace(m, 'worker_tasks', 'task_id', id, chosen);
      return this.selectedTasks(m, id);
    });
  }

  async updateWorkArrangements(
    id: number,
    actor: AuthUser,
    ids: number[] | undefined,
  ): Promise<WorkArrangementChoiceDto[]> {
    const chosen = await this.validChoices(ids, 'workArrangements', PROFILE_MESSAGES.arrangementsRequired);
    return this.write(id, actor, async (m) => {
      await this.replace(m, 'worker_work_arrangements', 'work_arrangement_id', id, chosen);
      return this.selectedArrangements(m, id);
    });
  }

  /** The native language must be among the chosen ones; without one, the first chosen is native. */
  async updateLanguages(
    id: number,
    actor: AuthUser,
    ids: number[] | undefined,
    nativeId: number | null | undefined,
  ): Promise<WorkerLanguageDto[]> {
    const chosen = await this.validChoices(ids, 'languages', PROFILE_MESSAGES.languagesRequired);
    if (nativeId !== undefined && nativeId !== null && !chosen.includes(nativeId))
      throw AppException.validation({ native_language_id: [PROFILE_MESSAGES.nativeNotSelected] });
    const native = nativeId ?? chosen[0];
    return this.write(id, actor, async (m) => {
      await this.replace(m, 'worker_languages', 'language_id', id, chosen);
      await m.getRepository(WorkerProfile).update(id, { nativeLanguageId: native });
      return this.selectedLanguages(m, id);
    });
  }

  async updateShifts(id: number, actor: AuthUser, pairs: ShiftPairDto[]): Promise<ShiftChoiceDto[]> {
    const { shifts } = await this.catalog.get();
    if (!Array.isArray(pairs) || pairs.length === 0)
      throw AppException.validation({ shifts: [PROFILE_MESSAGES.shiftsRequired] });
    const chosen = new Set<number>();
    for (const pair of pairs) {
      const match = shifts.find((s) => s.day === pair?.day && s.shift === pair?.shift);
      if (!match) throw AppException.validation({ shifts: [PROFILE_MESSAGES.unknownChoice] });
      chosen.add(match.id);
    }
    return this.write(id, actor, async (m) => {
      await this.replace(m, 'worker_shifts', 'shift_id', id, [...chosen]);
      return this.selectedShifts(m, id);
    });
  }

  async addExperience(id: number, actor: AuthUser, body: ExperienceBodyDto): Promise<ExperienceDto> {
    const input = { title: body.title ?? '', description: body.description ?? '' };
    const problems = experienceProblems(input, 'add');
    if (Object.keys(problems).length > 0) throw AppException.validation(problems);
    return this.write(id, actor, async (m) => {
      await this.assertRoom(m, 'experiences', id, PROFILE_LIMITS.experiencesMax, PROFILE_MESSAGES.experiencesFull);
      const row = await m.getRepository(Experience).save(
        m.getRepository(Experience).create({
          workerProfileId: id,
          title: input.title.trim(),
          description: input.description.trim(),
          currentlyWorking: body.currently_working === true,
        }),
      );
      return experienceDto(row);
    });
  }

  async updateExperience(experienceId: number, actor: AuthUser, body: ExperienceBodyDto): Promise<ExperienceDto> {
    const input = { title: body.title ?? '', description: body.description ?? '' };
    const problems = experienceProblems(input, 'edit');
    if (Object.keys(problems).length > 0) throw AppException.validation(problems);
    const profileId = await this.writableByChild('experiences', experienceId, actor);
    return this.write(profileId, actor, async (m) => {
      const experiences = m.getRepository(Experience);
      await experiences.update(experienceId, {
        title: input.title.trim(),
        description: input.description.trim(),
        currentlyWorking: body.currently_working === true,
      });
      return experienceDto(await experiences.findOneByOrFail({ id: experienceId }));
    });
  }

  async deleteExperience(experienceId: number, actor: AuthUser): Promise<void> {
    const profileId = await this.writableByChild('experiences', experienceId, actor);
    await this.write(profileId, actor, (m) => m.getRepository(Experience).delete(experienceId));
  }

  async addEducation(id: number, actor: AuthUser, body: EducationBodyDto): Promise<EducationDto> {
    const input = { title: body.title ?? '', place: body.place ?? '', status: body.status ?? '' };
    const problems = educationProblems(input, 'add', STATUS_VALUES);
    if (Object.keys(problems).length > 0) throw AppException.validation(problems);
    return this.write(id, actor, async (m) => {
      await this.assertRoom(m, 'educations', id, PROFILE_LIMITS.educationsMax, PROFILE_MESSAGES.educationsFull);
      const row = await m.getRepository(Education).save(
        m.getRepository(Education).create({
          workerProfileId: id,
          title: input.title.trim(),
          place: input.place.trim(),
          status: input.status as Education['status'],
        }),
      );
      return this.educationDto(row);
    });
  }

  async updateEducation(educationId: number, actor: AuthUser, body: EducationBodyDto): Promise<EducationDto> {
    const input = { title: body.title ?? '', place: body.place ?? '', status: body.status ?? '' };
    const problems = educationProblems(input, 'edit', STATUS_VALUES);
    if (Object.keys(problems).length > 0) throw AppException.validation(problems);
    const profileId = await this.writableByChild('educations', educationId, actor);
    return this.write(profileId, actor, async (m) => {
      const educations = m.getRepository(Education);
      await educations.update(educationId, {
        title: input.title.trim(),
        place: input.place.trim(),
        status: input.status as Education['status'],
      });
      return this.educationDto(await educations.findOneByOrFail({ id: educationId }));
    });
  }

  async deleteEducation(educationId: number, actor: AuthUser): Promise<void> {
    const profileId = await this.writableByChild('educations', educationId, actor);
    await this.write(profileId, actor, (m) => m.getRepository(Education).delete(educationId));
  }

  // ── Helpers ───────────────────────────────────────────────────────────────

  private educationDto(row: Education): EducationDto {
    return {
      id: row.id,
      title: row.title,
      place: row.place,
      status: row.status,
      status_display: EDUCATION_STATUSES.find((s) => s.value === row.status)?.label ?? row.status,
    };
  }

  /** Locks the profile row so two concurrent adds cannot both pass the limit. */
  private async assertRoom(
    m: EntityManager,
    table: WorkerEntryTable,
    id: number,
    max: number,
    message: string,
  ): Promise<void> {
    await m.query(LOCK_WORKER_PROFILE, [id]);
    const [{ count }] = await m.query(entryCountSql(table), [id]);
    if ((count as number) >= max) throw new AppException(HttpStatus.BAD_REQUEST, 'LIMIT_REACHED', message);
  }

  /** Distinct ids that all exist in the catalog list; at least one. */
  private async validChoices(
    ids: number[] | undefined,
    list: 'services' | 'tasks' | 'workArrangements' | 'languages',
    requiredMessage: string,
  ): Promise<number[]> {
    const unique = [...new Set(ids ?? [])];
    const field = {
      services: 'services_ids',
      tasks: 'task_ids',
      workArrangements: 'work_arrangement_ids',
      languages: 'languages_ids',
    }[list];
    if (unique.length === 0) throw AppException.validation({ [field]: [requiredMessage] });
    const known = new Set((await this.catalog.get())[list].map((choice) => choice.id));
    if (unique.some((value) => !known.has(value)))
      throw AppException.validation({ [field]: [PROFILE_MESSAGES.unknownChoice] });
    return unique;
  }

  private async replace(m: EntityManager, table: string, column: string, id: number, values: number[]): Promise<void> {
    await m.query(deleteWorkerChoicesSql(table), [id]);
    await m.query(insertWorkerChoicesSql(table, column), [id, values]);
  }

  private async selectedIds(m: EntityManager, table: string, column: string, id: number): Promise<Set<number>> {
    const rows: { value: number }[] = await m.query(workerChoicesSql(table, column), [id]);
    return new Set(rows.map((row) => row.value));
  }

  private async selectedServices(m: EntityManager, id: number): Promise<ServiceChoiceDto[]> {
    const ids = await this.selectedIds(m, 'worker_services', 'service_id', id);
    return (await this.catalog.get()).services.filter((s) => ids.has(s.id));
  }

  private async selectedTasks(m: EntityManager, id: number): Promise<TaskChoiceDto[]> {
    const ids = await this.selectedIds(m, 'worker_tasks', 'task_id', id);
    return (await this.catalog.get()).tasks.filter((t) => ids.has(t.id));
  }

  private async selectedArrangements(m: EntityManager, id: number): Promise<WorkArrangementChoiceDto[]> {
    const ids = await this.selectedIds(m, 'worker_work_arrangements', 'work_arrangement_id', id);
    return (await this.catalog.get()).workArrangements.filter((w) => ids.has(w.id));
  }

  private async selectedShifts(m: EntityManager, id: number): Promise<ShiftChoiceDto[]> {
    const ids = await this.selectedIds(m, 'worker_shifts', 'shift_id', id);
    return (await this.catalog.get()).shifts.filter((s) => ids.has(s.id));
  }

  private async selectedLanguages(m: EntityManager, id: number): Promise<WorkerLanguageDto[]> {
    const ids = await this.selectedIds(m, 'worker_languages', 'language_id', id);
    const [profile] = await m.query(WORKER_NATIVE_LANGUAGE, [id]);
    const native = (profile as { native_language_id: number | null } | undefined)?.native_language_id ?? null;
    return (await this.catalog.get()).languages
      .filter((l) => ids.has(l.id))
      .map((l) => ({ id: l.id, language: l.id, language_name_display: l.name_display, native: l.id === native }));
  }
}
