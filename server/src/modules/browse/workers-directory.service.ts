import { Injectable } from '@nestjs/common';
import { argentinaToday, backgroundBadgeActive } from '@cym/common';
import { Clock } from '../../common/clock/clock';
import { CatalogService } from '../catalog/catalog.service';
import { BrowseRepository, type WorkerRow } from './browse.repository';
import { cardArray, CardJson } from './card-json';
import { decodeChoiceKeys, hasVerifiedCode, nearDistances, ParsedQuery } from './filters';

/**
 * The public worker directory. One SQL query per request whatever the page size, on the search
 * read model (worker_search: one row per listed worker with its order column and its filter
 * codes, kept by triggers) joined with the page's profiles; the codes become the catalog's labels
 * in memory and each card is written as JSON (CardJson), and the exact total comes in the same
 * statement. Hidden workers have no row, so are never listed.
 */
@Injectable()
export class WorkersDirectoryService {
  constructor(
    private readonly browse: BrowseRepository,
    private readonly catalog: CatalogService,
    private readonly clock: Clock,
  ) {}

  /** One page of cards as a JSON array (CardJson: WorkerCardDto each) and the exact total. */
  async list(query: ParsedQuery): Promise<{ cards: string; count: number }> {
    const answer = await this.browse.listedWorkersPage(query);
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
    return { cards, count: answer[0]?.total ?? 0 };
  }
}
