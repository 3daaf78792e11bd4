import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { JOB_OFFER_MESSAGES, type OfferPublicVisibility } from '@cym/common';
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
  type PublicOfferRow,
  publicOffersPageSql,
  publicOffersWhere,
} from './browse.repository';
import { cardArray, CardJson } from './card-json';
import { decodeChoiceKeys, filterConditions, nearDistances, nearSql, ParsedQuery } from './filters';

/** Public job offers: one SQL query per list request, like the worker directory. */
@Injectable()
export class JobOffersDirectoryService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly catalog: CatalogService,
    private readonly clock: Clock,
  ) {}

  /** One page of public offers as a JSON array (CardJson: JobOfferDto each) and the exact total. */
  async list(query: ParsedQuery): Promise<{ cards: string; count: number }> {
    const params: unknown[] = [this.clock.now()];
    const conditions = filterConditions(query.filters, params, 's');
    if (!conditions) return { cards: '[]', count: 0 };
    const near = query.near ? nearSql(query.near, params, 's') : null;
    const where = publicOffersWhere(near ? [...conditions, near.condition] : conditions);
    const paging = query.paginated ? limitOffsetSql(params, query.pageSize, (query.page - 1) * query.pageSize) : '';
    const answer: (PublicOfferRow | { id: null; total: number })[] = await preparedQuery(
      this.dataSource,
      publicOffersPageSql(where, paging, near?.rank),
      params,
    );
    const writer = CardJson.of(await this.catalog.get());
    const now = new Date();
    const distance = nearDistances(query.near);
    const cards = cardArray<PublicOfferRow>(answer, (r) =>
      writer.offer(r, decodeChoiceKeys(r.filter_keys), now, distance?.(r.municipality_id)),
    );
    return { cards, count: answer[0]?.total ?? 0 };
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

  /** The offers as JobOfferDto, written by the directory's CardJson (one definition of the shape). */
  private async toDtos(rows: OfferRow[]): Promise<JobOfferDto[]> {
    const writer = CardJson.of(await this.catalog.get());
    const now = new Date();
    return rows.map((r) => JSON.parse(writer.offer(r, r, now)) as JobOfferDto);
  }
}
