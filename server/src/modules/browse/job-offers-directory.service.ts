import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { formatDate, formatLastSeen, GENDERS, JOB_OFFER_MESSAGES, type OfferPublicVisibility } from '@cym/common';
import { DataSource, EntityManager } from 'typeorm';
import { AppException } from '../../common/app-exception';
import { Clock } from '../../common/clock/clock';
import { preparedQuery } from '../../database/prepared-query';
import { CatalogService } from '../catalog/catalog.service';
import { JobOfferDto } from './dto/browse.dto';
import {
  adminOffersCountSql,
  adminOffersPageSql,
  adminOffersWhereSql,
  limitOffsetSql,
  OFFER_BY_ID,
  type OfferRow,
  OFFERS_OF_PARENT,
  PUBLIC_OFFER_BY_ID,
  publicOffersPageSql,
  publicOffersWhere,
} from './browse.queries';
import { filterConditions, ParsedQuery } from './filters';

/** Public job offers: one SQL query per list request, like the worker directory. */
@Injectable()
export class JobOffersDirectoryService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly catalog: CatalogService,
    private readonly clock: Clock,
  ) {}

  async list(query: ParsedQuery): Promise<{ results: JobOfferDto[]; count: number }> {
    const params: unknown[] = [this.clock.now()];
    const conditions = filterConditions(query.filters, params, 's');
    if (!conditions) return { results: [], count: 0 };
    const where = publicOffersWhere(conditions);
    const paging = query.paginated ? limitOffsetSql(params, query.pageSize, (query.page - 1) * query.pageSize) : '';
    const answer: (OfferRow | { id: null; total: number })[] = await preparedQuery(
      this.dataSource,
      publicOffersPageSql(where, paging),
      params,
    );
    const results = await this.toDtos(answer.filter((r): r is OfferRow => r.id !== null));
    const count = answer[0]?.total ?? 0;
    return { results, count };
  }

  /** One public offer; hidden ones answer 404 like missing ones. */
  async get(id: number): Promise<JobOfferDto> {
    const rows: OfferRow[] = await this.dataSource.query(PUBLIC_OFFER_BY_ID, [this.clock.now(), id]);
    if (!rows[0]) throw new AppException(HttpStatus.NOT_FOUND, 'OFFER_NOT_FOUND', JOB_OFFER_MESSAGES.notFound);
    return (await this.toDtos(rows))[0]!;
  }

  /** Every offer of one employer, visible or not, newest first (the owner's and admins' view). */
  async ofParent(parentProfileId: number, manager: EntityManager = this.dataSource.manager): Promise<JobOfferDto[]> {
    const rows: OfferRow[] = await manager.query(OFFERS_OF_PARENT, [parentProfileId]);
    return this.toDtos(rows);
  }

  /**
   * Every offer, visible or not, newest first (the admin's list); `pattern` is a LIKE pattern on
   * the title, `visibility` keeps only offers the public sees that way, `parentProfileId` one
   * employer's. Each offer says what the
   * public sees (`public_visibility`, from the public predicate). One query: the page and the
   * total in the same rows.
   */
  async forAdmin(
    pattern: string | null,
    page: { limit: number; offset: number } | null,
    visibility: OfferPublicVisibility | null = null,
    parentProfileId: number | null = null,
  ): Promise<{ results: (JobOfferDto & { public_visibility: OfferPublicVisibility })[]; count: number }> {
    const params: unknown[] = [this.clock.now()];
    const where = adminOffersWhereSql(pattern, visibility, parentProfileId, params);
    const limit = page ? limitOffsetSql(params, page.limit, page.offset) : '';
    const rows: (OfferRow & { public_visibility: OfferPublicVisibility })[] = await this.dataSource.query(
      adminOffersPageSql(where, limit),
      params,
    );
    let count = rows[0]?.total ?? 0;
    if (!rows[0] && page && page.offset > 0) {
      const [row] = (await this.dataSource.query(adminOffersCountSql(where), params.slice(0, -2))) as { n: number }[];
      count = row!.n;
    }
    const dtos = await this.toDtos(rows);
    return { results: dtos.map((dto, i) => ({ ...dto, public_visibility: rows[i]!.public_visibility })), count };
  }

  /** One offer whatever its visibility, for its owner or an admin; null when missing. */
  async anyById(id: number, manager: EntityManager = this.dataSource.manager): Promise<JobOfferDto | null> {
    const rows: OfferRow[] = await manager.query(OFFER_BY_ID, [id]);
    return rows[0] ? (await this.toDtos(rows))[0]! : null;
  }

  private async toDtos(rows: OfferRow[]): Promise<JobOfferDto[]> {
    const catalog = await this.catalog.get();
    const pick = <T extends { id: number }>(list: T[], ids: number[]) => list.filter((item) => ids.includes(item.id));
    const now = new Date();
    return rows.map((r) => ({
      id: r.id,
      title: r.title,
      description: r.description,
      location: {
        neighborhood: r.neighborhood,
        municipality: { id: r.municipality_id, name: r.municipality_name },
        province: { id: r.province_id, name: r.province_name },
      },
      parent_profile: r.parent_id
        ? {
            id: r.parent_id,
            user: {
              first_name: r.parent_first_name ?? '',
              profile_image: r.parent_image,
              formatted_last_seen: formatLastSeen(r.parent_last_seen, now),
            },
            date_of_birth: r.parent_birth,
            gender_display: GENDERS.find((g) => g.value === r.parent_gender)?.label ?? null,
            nationality: r.parent_nationality,
          }
        : null,
      services: pick(catalog.services, r.services),
      tasks: pick(catalog.tasks, r.tasks),
      work_arrangements: pick(catalog.workArrangements, r.arrangements),
      monthly_price: r.monthly_price,
      languages: pick(catalog.languages, r.languages),
      native_language: r.native_language_id ? { id: r.native_language_id } : null,
      work_shifts: pick(catalog.shifts, r.shifts),
      status: r.status,
      formatted_created_at: formatDate(r.created_at),
    }));
  }
}
