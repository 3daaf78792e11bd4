import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { formatMonthlySalary, SAVED_SEARCH_LIMITS, type SavedSearchKind } from '@cym/common';
import type { EntityManager } from 'typeorm';
import { Clock } from '../../common/clock/clock';
import { Transactions } from '../../database/transactions';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { decodeChoiceKeys } from '../browse/filters';
import { type Catalog, CatalogService } from '../catalog/catalog.service';
import { JobKind, JobQueue } from '../jobs/job-queue';
import { MailService } from '../mail/mail.service';
import { NotificationPreferences } from '../push/notification-preferences';
import { PushService } from '../push/push.service';
import { type EmailItem, savedSearchEmail } from '../mail/templates';
import { OnDomainEvent } from '../../common/events/domain-events';
import { type PendingMatch, SavedSearchesRepository, type ToldSearch } from './saved-searches.repository';
import { SavedSearchesService } from './saved-searches.service';

/** Matching one profile or offer that changed against the saved searches. */
export const SAVED_SEARCH_MATCH_JOB: JobKind = {
  name: 'saved-search-match',
  retryLimit: 5,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: 120,
};

/** After a membership change: the recent offers that became public without a write of their own. */
export const SAVED_SEARCH_RECENT_OFFERS_JOB: JobKind = {
  name: 'saved-search-recent-offers',
  retryLimit: 5,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: 300,
};

/** How often the matching and digest workers look for jobs another process queued. */
const POLL_MS = 15_000;

/** How far back an offer made public by a payment is still news (its creation). */
const RECENT_OFFER_DAYS = 30;

/** The daily digest of matches not e-mailed yet, at 09:00 in Argentina (the queue reads crons in its zone). */
export const SAVED_SEARCH_DIGEST_JOB: JobKind = {
  name: 'saved-search-digest',
  retryLimit: 2,
  retryDelay: 300,
  retryBackoff: false,
  expireInSeconds: 900,
};
/** 09:00 every day: JobQueue.schedule reads crons in America/Argentina/Buenos_Aires. */
const DIGEST_CRON = '0 9 * * *';

interface MatchJobData {
  kind: SavedSearchKind;
  id: number;
}

/**
 * Tells the owners of saved searches about new matches.
 *
 * When a worker profile or an offer changes (their owners' domain events), a durable job
 * `saved-search-match` checks that one item: if the public sees it now, one statement finds every
 * saved search of its directory that it matches, saved before the item was listed, and records
 * each (search, item) pair once (`saved_search_matches`), answering only the pairs that are new —
 * so a profile edited ten times is told once, and the cost is one statement per changed item
 * whatever the number of searches (the GIN index on the searches' codes picks the candidates).
 * An offer can also become public with no write of its own, when its employer's membership is
 * granted: a membership change queues `saved-search-recent-offers`, the same statement over
 * every offer public now and created in the last 30 days (pairs already told are skipped).
 *
 * E-mail: a search set to 'immediate' is e-mailed at once unless it had an e-mail within the last
 * day (then its matches wait for the digest); 'daily' waits for the digest, a scheduled job that
 * e-mails every search with matches not yet e-mailed, one e-mail per search per day at most (the
 * claim on `last_emailed_at` holds across processes). 'never' (the unsubscribe link) and paused
 * searches get none, nor do owners who turned alert e-mails off (/user-account).
 *
 * Push: every newly told search's owner gets a notification at once (PushService, which checks
 * the owner's push preference for alerts), whatever the e-mail frequency.
 */
@Injectable()
export class SavedSearchAlerts implements OnModuleInit {
  private readonly logger = new Logger(SavedSearchAlerts.name);

  constructor(
    private readonly repository: SavedSearchesRepository,
    private readonly transactions: Transactions,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: JobQueue,
    private readonly mail: MailService,
    private readonly clock: Clock,
    private readonly catalog: CatalogService,
    private readonly searches: SavedSearchesService,
    private readonly push: PushService,
    private readonly preferences: NotificationPreferences,
  ) {}

  async onModuleInit(): Promise<void> {
    // The sender nudges its own process's worker at once; polling only picks up what another
    // process queued (and a retry), so it can be slow: three more 2 s polls per process cost the
    // embedded database, which has one backend, more than they bring.
    const poll = { pollMs: POLL_MS };
    await this.jobs.register<MatchJobData>(
      SAVED_SEARCH_MATCH_JOB,
      async (data) => void (await this.match(data.kind, data.id)),
      poll,
    );
    await this.jobs.register(SAVED_SEARCH_DIGEST_JOB, async () => void (await this.mailDue()), poll);
    await this.jobs.register(SAVED_SEARCH_RECENT_OFFERS_JOB, async () => void (await this.matchRecentOffers()), poll);
    await this.jobs.schedule(SAVED_SEARCH_DIGEST_JOB.name, DIGEST_CRON);
  }

  /** A worker's profile, its visibility or a badge changed: the searches she may now match run again. */
  @OnDomainEvent('worker-profile.updated', 'worker-profile.moderated', 'document.approved')
  onWorkerChanged(event: { workerProfileId: number | null }): void {
    if (event.workerProfileId !== null) this.enqueue({ kind: 'workers', id: event.workerProfileId });
  }

  @OnDomainEvent('job-offer.changed')
  onOfferChanged(event: { offerId: number }): void {
    this.enqueue({ kind: 'job-offers', id: event.offerId });
  }

  /** A membership granted or switched: its employer's offers may have become public. */
  @OnDomainEvent('membership.changed')
  onMembershipChanged(): void {
    this.enqueue(null);
  }

  private enqueue(data: MatchJobData | null): void {
    const kind = data ? SAVED_SEARCH_MATCH_JOB : SAVED_SEARCH_RECENT_OFFERS_JOB;
    this.jobs.send(kind, data ?? {}).then(
      () => this.jobs.nudge(kind),
      (error: unknown) => this.logger.warn(`No se pudo encolar la búsqueda de coincidencias: ${String(error)}`),
    );
  }

  /** Runs the matching jobs that are due (tests, and callers that must see them done). */
  async runDue(): Promise<number> {
    return (await this.jobs.runDue(SAVED_SEARCH_MATCH_JOB)) + (await this.jobs.runDue(SAVED_SEARCH_RECENT_OFFERS_JOB));
  }

  /** Matches one item; answers the searches newly told of it. */
  async match(kind: SavedSearchKind, id: number): Promise<ToldSearch[]> {
    const told = await this.repository.matchItem(kind, id, this.clock.now());
    await this.tell(told, kind);
    return told;
  }

  /** Matches every offer public now and created in the last RECENT_OFFER_DAYS: one statement. */
  async matchRecentOffers(): Promise<ToldSearch[]> {
    const now = this.clock.now();
    const since = new Date(now.getTime() - RECENT_OFFER_DAYS * 86_400_000);
    const told = await this.repository.matchRecentOffers(since, now);
    await this.tell(told, 'job-offers');
    return told;
  }

  /** Pushes to each newly told search's owner (once per search) and e-mails the immediate ones. */
  private async tell(told: ToldSearch[], kind: SavedSearchKind): Promise<void> {
    const searches = [...new Map(told.map((s) => [s.id, s])).values()];
    for (const search of searches)
      void this.push.notify(search.user_id, 'alert', {
        title: `Novedad para «${search.name}»`,
        body:
          kind === 'workers'
            ? 'Hay un perfil nuevo que coincide con tu búsqueda guardada.'
            : 'Hay una oferta nueva que coincide con tu búsqueda guardada.',
        url: this.searches.searchPath(search.kind, search.query),
        tag: `search-${search.id}`,
      });
    const immediate = searches.filter((s) => s.email_frequency === 'immediate').map((s) => s.id);
    if (immediate.length > 0) await this.mailDue(immediate);
  }

  /**
   * E-mails the searches (all, or `only`) that have matches no e-mail carried yet and had no
   * e-mail within a day; answers how many e-mails were queued.
   */
  async mailDue(only: number[] | null = null): Promise<number> {
    const now = this.clock.now();
    const dayAgo = new Date(now.getTime() - SAVED_SEARCH_LIMITS.emailEveryMs);
    const due = await this.repository.searchesToMail(dayAgo, only);
    if (due.length === 0) return 0;
    const catalog = await this.catalog.get();
    const queued = await this.transactions.run(async (m) => {
      const claimed = await this.repository.claim(due, now, dayAgo, m);
      if (claimed.length === 0) return 0;
      const pending = await this.repository.takePending(
        claimed.map((s) => s.id),
        now,
        m,
      );
      const items = await this.describe(m, claimed, pending, catalog, now);
      // Who turned alert e-mails off on /user-account: their matches are taken, nothing is sent.
      const muted = await this.preferences.muted(
        claimed.map((c) => c.user_id),
        'alert',
        'email',
        m,
      );
      // Newest first, grouped by search once (a digest may hold many searches and matches).
      const bySearch = new Map<number, number[]>();
      for (const p of [...pending].sort((a, b) => b.matched_at.getTime() - a.matched_at.getTime())) {
        const list = bySearch.get(p.saved_search_id);
        if (list) list.push(p.item_id);
        else bySearch.set(p.saved_search_id, [p.item_id]);
      }
      let count = 0;
      for (const search of claimed) {
        if (muted.has(search.user_id)) continue;
        const mine = (bySearch.get(search.id) ?? []).flatMap((id) => items.get(`${search.kind}:${id}`) ?? []);
        if (mine.length === 0) continue;
        const token = this.searches.unsubscribeToken(search.id);
        const listed = mine.slice(0, SAVED_SEARCH_LIMITS.itemsPerEmail);
        await this.mail.enqueue(
          m,
          search.email,
          savedSearchEmail(
            search.first_name,
            { name: search.name, kind: search.kind, link: this.searches.searchUrl(search.kind, search.query) },
            listed,
            mine.length - listed.length,
            {
              alerts: `${this.config.publicUrl}/alertas`,
              page: `${this.config.publicUrl}/alertas/baja?t=${token}`,
              oneClick: `${this.config.publicUrl}/api/saved-searches/unsubscribe?t=${token}`,
            },
          ),
        );
        count += 1;
      }
      return count;
    });
    if (queued > 0) this.mail.notifyCommitted();
    return queued;
  }

  /** The e-mail lines of the items still visible, by `kind:id`: two statements at most. */
  private async describe(
    m: EntityManager,
    searches: Pick<ToldSearch, 'id' | 'kind'>[],
    pending: PendingMatch[],
    catalog: Catalog,
    now: Date,
  ): Promise<Map<string, EmailItem>> {
    const kindOf = new Map(searches.map((s) => [s.id, s.kind]));
    const ids = (kind: SavedSearchKind) => [
      ...new Set(pending.filter((p) => kindOf.get(p.saved_search_id) === kind).map((p) => p.item_id)),
    ];
    const municipalities = new Map(catalog.municipalities.map((x) => [x.id, x.name]));
    const provinces = new Map(catalog.provinces.map((x) => [x.id, x.name]));
    const services = new Map(catalog.services.map((x) => [x.id, x.title_display]));
    const place = (municipalityId: number | null, provinceId: number | null) =>
      [municipalities.get(municipalityId ?? 0), provinces.get(provinceId ?? 0)].filter(Boolean).join(', ');
    const lines = new Map<string, EmailItem>();
    const workers = ids('workers');
    if (workers.length > 0) {
      const rows = await this.repository.workerItems(workers, m);
      for (const row of rows) {
        const offered = decodeChoiceKeys(row.filter_keys)
          .services.map((id) => services.get(id))
          .filter(Boolean)
          .slice(0, 2);
        lines.set(`workers:${row.id}`, {
          title: row.title,
          detail: [offered.join(', '), place(row.municipality_id, row.province_id)].filter(Boolean).join(' · '),
          link: `${this.config.publicUrl}/worker-profile/${row.id}`,
        });
      }
    }
    const offers = ids('job-offers');
    if (offers.length > 0) {
      const rows = await this.repository.offerItems(offers, now, m);
      for (const row of rows)
        lines.set(`job-offers:${row.id}`, {
          title: row.title,
          detail: [
            place(row.municipality_id, row.province_id),
            row.monthly_price === null ? '' : formatMonthlySalary(row.monthly_price),
          ]
            .filter(Boolean)
            .join(' · '),
          link: `${this.config.publicUrl}/job-offer/${row.id}`,
        });
    }
    return lines;
  }
}
