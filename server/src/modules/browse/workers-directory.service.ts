import { Inject, Injectable } from '@nestjs/common';
import { argentinaToday, backgroundBadgeActive } from '@cym/common';
import { Clock } from '../../common/clock/clock';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { CatalogService } from '../catalog/catalog.service';
import { BrowseRepository, type WorkerRow } from './browse.repository';
import { cardArray, CardJson } from './card-json';
import {
  boundedCount,
  countBoundOf,
  decodeChoiceKeys,
  hasVerifiedCode,
  nearDistances,
  ParsedQuery,
  type BoundedCount,
} from './filters';

/**
 * The public worker directory. One SQL query per request whatever the page size, on the search
 * read model (worker_search: one row per listed worker with its order column and its filter
 * codes, kept by triggers) joined with the page's profiles; the codes become the catalog's labels
 * in memory and each card is written as JSON (CardJson), and the count (exact up to its bound)
 * comes in the same statement. Hidden workers have no row, so are never listed.
 */
@Injectable()
export class WorkersDirectoryService {
  constructor(
    private readonly browse: BrowseRepository,
    private readonly catalog: CatalogService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * One page of cards as a JSON array (CardJson: WorkerCardDto each) and the count of matches,
   * exact up to the page's bound (countBoundOf), 'more than' beyond.
   */
  async list(query: ParsedQuery): Promise<{ cards: string } & BoundedCount> {
    const bound = countBoundOf(query, this.config.directoryCountBound);
    const answer = await this.browse.listedWorkersPage(query, bound);
    const writer = CardJson.of(await this.catalog.get());
    const now = new Date();
    const distance = nearDistances(query.near);
    // The certificate's badge holds while its expiry is after the Clock's today.
    const today = argentinaToday(this.clock.now());
    const cards = cardArray<WorkerRow>(answer, (r) =>
      writer.worker(
        {
          ...r,
          identity_verified: hasVerifiedCode(r.filter_keys),
          background_active: backgroundBadgeActive(r.background_until ?? null, today),
        },
        decodeChoiceKeys(r.filter_keys),
        now,
        distance?.(r.municipality_id),
      ),
    );
    return { cards, ...boundedCount(answer[0]?.total ?? 0, bound) };
  }
}
