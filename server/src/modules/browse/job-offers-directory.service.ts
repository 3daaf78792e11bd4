import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { formatDate, formatLastSeen, GENDERS, JOB_OFFER_MESSAGES, type OfferPublicVisibility } from '@cym/common';
import { DataSource, EntityManager } from 'typeorm';
import { AppException } from '../../common/app-exception';
import { Clock } from '../../common/clock/clock';
import { CatalogService } from '../catalog/catalog.service';
import { foldedMatch } from '../admin/admin-search';
import { JobOfferDto } from './dto/browse.dto';
import { OFFER_JOINS, OFFER_SELECT, type OfferRow, PUBLIC, PUBLIC_VISIBILITY } from './browse.queries';
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
    const conditions = filterConditions(query.filters, params, {
      alias: 'o',
      foreignKey: 'job_offer_id',
      joins: OFFER_JOINS,
    });
    if (!conditions) return { results: [], count: 0 };
    const where = [PUBLIC, ...conditions].join(' AND ');
    let paging = '';
    if (query.paginated) {
      params.push(query.pageSize, (query.page - 1) * query.pageSize);
      paging = `LIMIT $${params.length - 1} OFFSET $${params.length}`;
    }
    const rows: OfferRow[] = await this.dataSource.query(
      `${OFFER_SELECT} WHERE ${where} ORDER BY o.created_at DESC, o.id DESC ${paging}`,
      params,
    );
    const results = await this.toDtos(rows);
    let count = rows[0]?.total ?? 0;
    if (!rows[0] && query.paginated && query.page > 1) {
      const [row] = await this.dataSource.query(
        `SELECT count(*)::int AS n FROM job_offers o LEFT JOIN parent_profiles pp ON pp.id = o.parent_profile_id
           LEFT JOIN users pu ON pu.id = pp.user_id WHERE ${where}`,
        params.slice(0, -2),
      );
      count = (row as { n: number }).n;
    }
    return { results, count };
  }

  /** One public offer; hidden ones answer 404 like missing ones. */
  async get(id: number): Promise<JobOfferDto> {
    const rows: OfferRow[] = await this.dataSource.query(`${OFFER_SELECT} WHERE o.id = $2 AND ${PUBLIC}`, [
      this.clock.now(),
      id,
    ]);
    if (!rows[0]) throw new AppException(HttpStatus.NOT_FOUND, 'OFFER_NOT_FOUND', JOB_OFFER_MESSAGES.notFound);
    return (await this.toDtos(rows))[0]!;
  }

  /** Every offer of one employer, visible or not, newest first (the owner's and admins' view). */
  async ofParent(parentProfileId: number, manager: EntityManager = this.dataSource.manager): Promise<JobOfferDto[]> {
    const rows: OfferRow[] = await manager.query(
      `${OFFER_SELECT} WHERE o.parent_profile_id = $1 ORDER BY o.created_at DESC, o.id DESC`,
      [parentProfileId],
    );
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
    const conditions: string[] = [];
    if (pattern) {
      conditions.push(foldedMatch('o.title', pattern, params));
    }
    if (visibility) {
      params.push(visibility);
      conditions.push(`(${PUBLIC_VISIBILITY}) = $${params.length}`);
    }
    if (parentProfileId !== null) {
      params.push(parentProfileId);
      conditions.push(`o.parent_profile_id = $${params.length}`);
    }
    const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
    let limit = '';
    if (page) {
      params.push(page.limit, page.offset);
      limit = `LIMIT $${params.length - 1} OFFSET $${params.length}`;
    }
    const rows: (OfferRow & { public_visibility: OfferPublicVisibility })[] = await this.dataSource.query(
      `${OFFER_SELECT.replace('count(*) OVER ()', `${PUBLIC_VISIBILITY} AS public_visibility, count(*) OVER ()`)}
        ${where} ORDER BY o.created_at DESC, o.id DESC ${limit}`,
      params,
    );
    let count = rows[0]?.total ?? 0;
    if (!rows[0] && page && page.offset > 0) {
      const [row] = (await this.dataSource.query(
        // `$1` (now) is named in the select list, so it is used even when no condition needs it.
        `SELECT count(*)::int AS n, $1::timestamptz AS now FROM job_offers o
           LEFT JOIN parent_profiles pp ON pp.id = o.parent_profile_id LEFT JOIN users pu ON pu.id = pp.user_id ${where}`,
        params.slice(0, -2),
      )) as { n: number }[];
      count = row!.n;
    }
    const dtos = await this.toDtos(rows);
    return { results: dtos.map((dto, i) => ({ ...dto, public_visibility: rows[i]!.public_visibility })), count };
  }

  /** One offer whatever its visibility, for its owner or an admin; null when missing. */
  async anyById(id: number, manager: EntityManager = this.dataSource.manager): Promise<JobOfferDto | null> {
    const rows: OfferRow[] = await manager.query(`${OFFER_SELECT} WHERE o.id = $1`, [id]);
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
