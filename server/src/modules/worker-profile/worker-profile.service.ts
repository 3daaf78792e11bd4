import { Injectable } from '@nestjs/common';
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
import type { EntityManager } from 'typeorm';
import { Transactions } from '../../database/transactions';
import type { Education, Experience } from './entities/worker-profile.entities';
import {
  type ProfileRow,
  type WorkerEntryFields,
  type WorkerEntryTable,
  type WorkerInfoRow,
  WorkerProfileRepository,
} from './worker-profile.repository';
import { AppException } from '../../common/app-exception';
import type { DeclaredError } from '../../common/errors/declare-errors';
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
import { PublicProfileCache, type PublicWorkerInfo } from './public-profile-cache';
import { DomainEvents } from '../../common/events/domain-events';
import { WORKER_PROFILE_ERRORS } from './worker-profile.errors';

const notFound = () => WORKER_PROFILE_ERRORS.notFound.exception();
const STATUS_VALUES = EDUCATION_STATUSES.map((s) => s.value);

/** An experience's fields from the body, checked for an add or an edit (400 otherwise). */
function experienceFields(body: ExperienceBodyDto, mode: 'add' | 'edit'): WorkerEntryFields<'experiences'> {
  const input = { title: body.title ?? '', description: body.description ?? '' };
  const problems = experienceProblems(input, mode);
  if (Object.keys(problems).length > 0) throw AppException.validation(problems);
  return {
    title: input.title.trim(),
    description: input.description.trim(),
    currentlyWorking: body.currently_working === true,
  };
}

/** An education's fields from the body, checked for an add or an edit (400 otherwise). */
function educationFields(body: EducationBodyDto, mode: 'add' | 'edit'): WorkerEntryFields<'educations'> {
  const input = { title: body.title ?? '', place: body.place ?? '', status: body.status ?? '' };
  const problems = educationProblems(input, mode, STATUS_VALUES);
  if (Object.keys(problems).length > 0) throw AppException.validation(problems);
  return { title: input.title.trim(), place: input.place.trim(), status: input.status as Education['status'] };
}

/** An experience as the editor and the public profile show it. */
function experienceDto(row: Experience): ExperienceDto {
  return { id: row.id, title: row.title, description: row.description, currently_working: row.currentlyWorking };
}

/**
 * The worker's own profile: reads (public while visible; owner and admins always) and writes
 * (owner and admins only), with the profile form's rules from the common workspace. Every write
 * recomputes profile_visibility.
 */
@Injectable()
export class WorkerProfileService {
  constructor(
    private readonly profiles: WorkerProfileRepository,
    private readonly transactions: Transactions,
    private readonly catalog: CatalogService,
    private readonly events: DomainEvents,
    private readonly publicInfo: PublicProfileCache,
  ) {}

  // ── The admin's writes (account deletion) ─────────────────────────────────

  /** The empty profile of a worker who just signed up (in the sign-up's transaction). */
  createEmpty(m: EntityManager, userId: number): Promise<void> {
    return this.profiles.addEmpty(userId, m);
  }

  /** An admin shows or hides the profile; hidden stays hidden whatever the worker edits. */
  setVisibilityByAdmin(m: EntityManager, profileId: number, visible: boolean): Promise<void> {
    return this.profiles.setVisibilityByAdmin(profileId, visible, m);
  }

  /** A deleted account's profile: hidden for good, its personal fields emptied. */
  forgetPersonalData(m: EntityManager, userId: number): Promise<void> {
    return this.profiles.forgetPersonalData(userId, m);
  }

  // ── Access ────────────────────────────────────────────────────────────────

  /** A profile the viewer may read: visible ones to everyone, hidden ones to owner and admins. */
  async readable(id: number, viewer: AuthUser | null): Promise<ProfileRow & { privileged: boolean }> {
    const row = await this.profiles.access(id);
    const privileged = !!viewer && !!row && (viewer.isAdmin || viewer.id === row.user_id);
    if (!row || (!row.profile_visibility && !privileged)) throw notFound();
    return { ...row, privileged };
  }

  /** A profile the actor may write: their own, or any for an admin; 403 otherwise. */
  private async writable(id: number, actor: AuthUser, manager?: EntityManager): Promise<ProfileRow> {
    const row = await this.profiles.access(id, manager);
    if (!row) throw notFound();
    if (!actor.isAdmin && actor.id !== row.user_id) throw WORKER_PROFILE_ERRORS.notYours.exception();
    return row;
  }

  /** The profile an experience or education belongs to, checked for the actor. */
  private async writableByChild(table: WorkerEntryTable, childId: number, actor: AuthUser): Promise<number> {
    const profileId = await this.profiles.entryProfileId(table, childId);
    const missing =
      table === 'experiences' ? WORKER_PROFILE_ERRORS.experienceNotFound : WORKER_PROFILE_ERRORS.educationNotFound;
    if (profileId === undefined) throw missing.exception();
    await this.writable(profileId, actor);
    return profileId;
  }

  /**
   * Every write recomputes the visibility in its transaction: visible exactly when personal
   * info, introduction, services and arrangements are complete, unless an admin hid the profile
   * (admin/user/{id}/toggle-profile-visibility/).
   */
  private async write<T>(id: number, actor: AuthUser, work: (manager: EntityManager) => Promise<T>): Promise<T> {
    const result = await this.transactions.run(async (manager) => {
      await this.writable(id, actor, manager);
      const written = await work(manager);
      await this.profiles.refreshVisibility(id, manager);
      return written;
    });
    this.events.emit('worker-profile.updated', { workerProfileId: id });
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
    return (await this.profiles.info(id)) ?? null;
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
    const profile = await this.profiles.profile(id);
    return { introduction: profile.introduction };
  }

  async hourPrice(id: number, viewer: AuthUser | null): Promise<HourPriceDto> {
    await this.readable(id, viewer);
    const price = (await this.profiles.profile(id)).hourPrice;
    return { hour_price: price === null ? null : String(price) };
  }

  async services(id: number, viewer: AuthUser | null): Promise<ServiceChoiceDto[]> {
    await this.readable(id, viewer);
    return this.selectedServices(id);
  }

  async tasks(id: number, viewer: AuthUser | null): Promise<TaskChoiceDto[]> {
    await this.readable(id, viewer);
    return this.selectedTasks(id);
  }

  async workArrangements(id: number, viewer: AuthUser | null): Promise<WorkArrangementChoiceDto[]> {
    await this.readable(id, viewer);
    return this.selectedArrangements(id);
  }

  async languages(id: number, viewer: AuthUser | null): Promise<WorkerLanguageDto[]> {
    await this.readable(id, viewer);
    return this.selectedLanguages(id);
  }

  async shifts(id: number, viewer: AuthUser | null): Promise<ShiftChoiceDto[]> {
    await this.readable(id, viewer);
    return this.selectedShifts(id);
  }

  async experiences(id: number, viewer: AuthUser | null): Promise<ExperienceDto[]> {
    await this.readable(id, viewer);
    return (await this.profiles.entries('experiences', id)).map((row) => experienceDto(row));
  }

  async educations(id: number, viewer: AuthUser | null): Promise<EducationDto[]> {
    await this.readable(id, viewer);
    return (await this.profiles.entries('educations', id)).map((row) => this.educationDto(row));
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
      this.profiles.updateInfo(
        id,
        {
          dateOfBirth: input.date_of_birth,
          neighborhood: input.neighborhood.trim(),
          gender: input.gender,
          nationality: input.nationality.trim(),
          provinceId: input.province,
          municipalityId: input.municipality,
        },
        m,
      ),
    );
    return this.info(id, actor);
  }

  async updateIntroduction(id: number, actor: AuthUser, raw: string | undefined): Promise<IntroductionDto> {
    const problem = introductionProblem(raw ?? '');
    if (problem) throw AppException.validation({ introduction: [problem] });
    const introduction = (raw ?? '').trim();
    await this.write(id, actor, (m) => this.profiles.setIntroduction(id, introduction, m));
    return { introduction };
  }

  async updateHourPrice(id: number, actor: AuthUser, raw: string | undefined): Promise<HourPriceDto> {
    const problem = hourPriceProblem(raw ?? '');
    if (problem) throw AppException.validation({ hour_price: [problem] });
    const price = Number((raw ?? '').trim());
    await this.write(id, actor, (m) => this.profiles.setHourPrice(id, price, m));
    return { hour_price: String(price) };
  }

  async updateServices(id: number, actor: AuthUser, ids: number[] | undefined): Promise<ServiceChoiceDto[]> {
    const chosen = await this.validChoices(ids, 'services', PROFILE_MESSAGES.servicesRequired);
    return this.write(id, actor, async (m) => {
      await this.profiles.replaceChoices('services', id, chosen, m);
      return this.selectedServices(id, m);
    });
  }

  async updateTasks(id: number, actor: AuthUser, ids: number[] | undefined): Promise<TaskChoiceDto[]> {
    const chosen = await this.validChoices(ids, 'tasks', PROFILE_MESSAGES.tasksRequired);
    return this.write(id, actor, async (m) => {
      await this.profiles.replaceChoices('tasks', id, chosen, m);
      return this.selectedTasks(id, m);
    });
  }

  async updateWorkArrangements(
    id: number,
    actor: AuthUser,
    ids: number[] | undefined,
  ): Promise<WorkArrangementChoiceDto[]> {
    const chosen = await this.validChoices(ids, 'workArrangements', PROFILE_MESSAGES.arrangementsRequired);
    return this.write(id, actor, async (m) => {
      await this.profiles.replaceChoices('workArrangements', id, chosen, m);
      return this.selectedArrangements(id, m);
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
      await this.profiles.replaceChoices('languages', id, chosen, m);
      await this.profiles.setNativeLanguage(id, native, m);
      return this.selectedLanguages(id, m);
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
      await this.profiles.replaceChoices('shifts', id, [...chosen], m);
      return this.selectedShifts(id, m);
    });
  }

  async addExperience(id: number, actor: AuthUser, body: ExperienceBodyDto): Promise<ExperienceDto> {
    const fields = experienceFields(body, 'add');
    return this.write(id, actor, async (m) => {
      await this.assertRoom(m, 'experiences', id, PROFILE_LIMITS.experiencesMax, WORKER_PROFILE_ERRORS.experiencesFull);
      return experienceDto(await this.profiles.addEntry('experiences', id, fields, m));
    });
  }

  async updateExperience(experienceId: number, actor: AuthUser, body: ExperienceBodyDto): Promise<ExperienceDto> {
    const fields = experienceFields(body, 'edit');
    const profileId = await this.writableByChild('experiences', experienceId, actor);
    return this.write(profileId, actor, async (m) =>
      experienceDto(await this.profiles.updateEntry('experiences', experienceId, fields, m)),
    );
  }

  async addEducation(id: number, actor: AuthUser, body: EducationBodyDto): Promise<EducationDto> {
    const fields = educationFields(body, 'add');
    return this.write(id, actor, async (m) => {
      await this.assertRoom(m, 'educations', id, PROFILE_LIMITS.educationsMax, WORKER_PROFILE_ERRORS.educationsFull);
      return this.educationDto(await this.profiles.addEntry('educations', id, fields, m));
    });
  }

  async updateEducation(educationId: number, actor: AuthUser, body: EducationBodyDto): Promise<EducationDto> {
    const fields = educationFields(body, 'edit');
    const profileId = await this.writableByChild('educations', educationId, actor);
    return this.write(profileId, actor, async (m) =>
      this.educationDto(await this.profiles.updateEntry('educations', educationId, fields, m)),
    );
  }

  deleteExperience(experienceId: number, actor: AuthUser): Promise<void> {
    return this.deleteEntry('experiences', experienceId, actor);
  }

  deleteEducation(educationId: number, actor: AuthUser): Promise<void> {
    return this.deleteEntry('educations', educationId, actor);
  }

  private async deleteEntry(table: WorkerEntryTable, entryId: number, actor: AuthUser): Promise<void> {
    const profileId = await this.writableByChild(table, entryId, actor);
    await this.write(profileId, actor, (m) => this.profiles.deleteEntry(table, entryId, m));
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
    full: DeclaredError,
  ): Promise<void> {
    await this.profiles.lock(id, m);
    if ((await this.profiles.entryCount(table, id, m)) >= max) throw full.exception();
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

  private async selectedServices(id: number, m?: EntityManager): Promise<ServiceChoiceDto[]> {
    const ids = await this.profiles.choices('services', id, m);
    return (await this.catalog.get()).services.filter((s) => ids.has(s.id));
  }

  private async selectedTasks(id: number, m?: EntityManager): Promise<TaskChoiceDto[]> {
    const ids = await this.profiles.choices('tasks', id, m);
    return (await this.catalog.get()).tasks.filter((t) => ids.has(t.id));
  }

  private async selectedArrangements(id: number, m?: EntityManager): Promise<WorkArrangementChoiceDto[]> {
    const ids = await this.profiles.choices('workArrangements', id, m);
    return (await this.catalog.get()).workArrangements.filter((w) => ids.has(w.id));
  }

  private async selectedShifts(id: number, m?: EntityManager): Promise<ShiftChoiceDto[]> {
    const ids = await this.profiles.choices('shifts', id, m);
    return (await this.catalog.get()).shifts.filter((s) => ids.has(s.id));
  }

  private async selectedLanguages(id: number, m?: EntityManager): Promise<WorkerLanguageDto[]> {
    const ids = await this.profiles.choices('languages', id, m);
    const native = await this.profiles.nativeLanguage(id, m);
    return (await this.catalog.get()).languages
      .filter((l) => ids.has(l.id))
      .map((l) => ({ id: l.id, language: l.id, language_name_display: l.name_display, native: l.id === native }));
  }
}
