import { Inject, Injectable } from '@nestjs/common';
import type { OfferPublicVisibility } from '@cym/common';
import type { EntityManager } from 'typeorm';
import { Clock } from '../../common/clock/clock';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { CatalogService } from '../catalog/catalog.service';
import { JobOfferDto } from './dto/browse.dto';
import { BROWSE_ERRORS } from './browse.errors';
import { BrowseRepository, type OfferRow, type PublicOfferRow } from './browse.repository';
import { cardArray, CardJson } from './card-json';
import { boundedCount, countBoundOf, decodeChoiceKeys, nearDistances, ParsedQuery, type BoundedCount } from './filters';

/** Public job offers: one SQL query per list request, like the worker directory. */
@Injectable()
export class JobOffersDirectoryService {
  constructor(
    private readonly browse: BrowseRepository,
    private readonly catalog: CatalogService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** One page of public offers as a JSON array (CardJson: JobOfferDto each) and its count, as the workers'. */
  async list(query: ParsedQuery): Promise<{ cards: string } & BoundedCount> {
    const bound = countBoundOf(query, this.config.directoryCountBound);
    const answer = await this.browse.publicOffersPage(query, bound, this.clock.now());
    const writer = CardJson.of(await this.catalog.get());
    const now = new Date();
    const distance = nearDistances(query.near);
    const cards = cardArray<PublicOfferRow>(answer, (r) =>
      writer.offer(r, decodeChoiceKeys(r.filter_keys), now, distance?.(r.municipality_id)),
    );
    return { cards, ...boundedCount(answer[0]?.total ?? 0, bound) };
  }

  /** One public offer; hidden ones answer 404 like missing ones. */
  async get(id: number): Promise<JobOfferDto> {
    const row = await this.browse.publicOffer(id, this.clock.now());
    if (!row) throw BROWSE_ERRORS.offerNotFound.exception();
    return (await this.toDtos([row]))[0]!;
  }

  /** Every offer of one employer, visible or not, newest first (the owner's and admins' view). */
  async ofParent(parentProfileId: number, manager?: EntityManager): Promise<JobOfferDto[]> {
    return this.toDtos(await this.browse.offersOfParent(parentProfileId, manager));
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
    const { rows, count } = await this.browse.adminOffersPage(
      { pattern, visibility, parentProfileId },
      page,
      this.clock.now(),
    );
    const dtos = await this.toDtos(rows);
    return { results: dtos.map((dto, i) => ({ ...dto, public_visibility: rows[i]!.public_visibility })), count };
  }

  /** One offer whatever its visibility, for its owner or an admin; null when missing. */
  async anyById(id: number, manager?: EntityManager): Promise<JobOfferDto | null> {
    const row = await this.browse.offer(id, manager);
    return row ? (await this.toDtos([row]))[0]! : null;
  }

  /** The offers as JobOfferDto, written by the directory's CardJson (one definition of the shape). */
  private async toDtos(rows: OfferRow[]): Promise<JobOfferDto[]> {
    const writer = CardJson.of(await this.catalog.get());
    const now = new Date();
    return rows.map((r) => JSON.parse(writer.offer(r, r, now)) as JobOfferDto);
  }
}
