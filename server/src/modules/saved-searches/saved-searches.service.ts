import type { EntityManager } from 'typeorm';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  SAVED_SEARCH_LIMITS,
  SAVED_SEARCH_OWNER,
  savedSearchNameProblem,
  unsubscribedMessage,
  type SavedSearchKind,
} from '@cym/common';
import { AppException } from '../../common/app-exception';
import { RateLimiter } from '../../common/rate-limit/rate-limiter';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { Transactions } from '../../database/transactions';
import type { AuthUser } from '../auth/access/auth.decorators';
import { CatalogService } from '../catalog/catalog.service';
import { CreateSavedSearchDto, SavedSearchDto, UnsubscribedDto, UpdateSavedSearchDto } from './dto/saved-searches.dto';
import { SavedSearch } from './entities/saved-search.entities';
import { directoryPath, savedSearchQuery } from './saved-search-codes';
import { SAVED_SEARCH_ERRORS } from './saved-searches.errors';
import { SavedSearchesRepository } from './saved-searches.repository';

const isObject = <T extends object>(value: T | null | undefined): value is T =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const badQuery = () => SAVED_SEARCH_ERRORS.badQuery.exception();

/**
 * Saved searches: a person keeps a directory's filters under a name and is told of
 * new matches (SavedSearchAlerts). Every path acts on the caller's own searches only (another's
 * id is 404, as a missing one); the one exception is the e-mail's unsubscribe link, which names
 * its search with a signature (HMAC of the id with the server's secret) instead of a login.
 */
@Injectable()
export class SavedSearchesService {
  constructor(
    private readonly searches: SavedSearchesRepository,
    private readonly transactions: Transactions,
    private readonly catalog: CatalogService,
    private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(user: AuthUser): Promise<SavedSearchDto[]> {
    const rows = await this.searches.searchesOf(user.id);
    return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
  }

  async create(user: AuthUser, body: CreateSavedSearchDto): Promise<SavedSearchDto> {
    if (!isObject(body)) throw badQuery();
    if (!user.isAdmin && user.profileType !== SAVED_SEARCH_OWNER[body.kind])
      throw SAVED_SEARCH_ERRORS.wrongKind.exception();
    const name = this.checkedName(body.name);
    const { query, codes } = savedSearchQuery(body.query, await this.catalog.get(), badQuery);
    await this.countWrite(user);
    // Counted and written under the person's lock: searches saved at once cannot pass the limit.
    const search = await this.transactions.underUserLock(user.id, async (m) => {
      if ((await this.searches.countOf(user.id, m)) >= SAVED_SEARCH_LIMITS.perUser)
        throw SAVED_SEARCH_ERRORS.full.exception();
      return this.searches.add(
        { userId: user.id, kind: body.kind, name, query, codes, emailFrequency: body.email_frequency ?? 'immediate' },
        m,
      );
    });
    return this.dto(search, 0);
  }

  async update(user: AuthUser, id: number, body: UpdateSavedSearchDto): Promise<SavedSearchDto> {
    const search = await this.own(user, id);
    // A field left out or null is not changed; nothing at all to change is a 400.
    const given = isObject(body) ? body : {};
    const changes = {
      ...(given.name != null ? { name: this.checkedName(given.name) } : {}),
      ...(given.email_frequency != null ? { emailFrequency: given.email_frequency } : {}),
      ...(given.paused != null ? { paused: given.paused } : {}),
    };
    if (Object.keys(changes).length === 0) throw SAVED_SEARCH_ERRORS.nothingToChange.exception();
    await this.countWrite(user);
    await this.searches.update(search.id, changes);
    const updated = (await this.list(user)).find((s) => s.id === id);
    if (!updated) throw SAVED_SEARCH_ERRORS.notFound.exception();
    return updated;
  }

  async remove(user: AuthUser, id: number): Promise<void> {
    const search = await this.own(user, id);
    await this.countWrite(user);
    await this.searches.remove(search.id);
  }

  /** The one-click unsubscribe: e-mails of that search stop (its matches still show on /alertas). */
  async unsubscribe(token: unknown): Promise<UnsubscribedDto> {
    const id = this.idOfToken(token);
    const search = id === null ? null : await this.searches.byId(id);
    if (!search) throw SAVED_SEARCH_ERRORS.badLink.exception();
    if (search.emailFrequency !== 'never') await this.searches.update(search.id, { emailFrequency: 'never' });
    return { message: unsubscribedMessage(search.name), name: search.name };
  }

  /**
   * What a GET on the unsubscribe address shows (the page asks; only the POST acts): the search a
   * token names and whether its e-mails already stopped, or null for a bad link.
   */
  async unsubscribeTarget(token: unknown): Promise<{ name: string; muted: boolean } | null> {
    const id = this.idOfToken(token);
    const search = id === null ? null : await this.searches.byId(id);
    return search ? { name: search.name, muted: search.emailFrequency === 'never' } : null;
  }

  /** The unsubscribe link's token of search `id`: the id and its signature. */
  unsubscribeToken(id: number): string {
    return `${id}.${this.signature(id)}`;
  }

  /** The page of a saved search: its directory with its filters (a path of the site). */
  searchPath(kind: SavedSearchKind, query: Record<string, string>): string {
    const params = new URLSearchParams(query).toString();
    return `${directoryPath(kind)}${params ? `?${params}` : ''}`;
  }

  /** The same page as an absolute address (e-mails). */
  searchUrl(kind: SavedSearchKind, query: Record<string, string>): string {
    return `${this.config.publicUrl}${this.searchPath(kind, query)}`;
  }

  private signature(id: number): string {
    return createHmac('sha256', this.config.jwtSecret)
      .update(`saved-search-unsubscribe:${id}`)
      .digest('base64url')
      .slice(0, 32);
  }

  private idOfToken(token: unknown): number | null {
    if (typeof token !== 'string') return null;
    const match = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{32})$/.exec(token);
    if (!match) return null;
    const id = Number(match[1]);
    const expected = Buffer.from(this.signature(id));
    const given = Buffer.from(match[2]!);
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
  }

  private async own(user: AuthUser, id: number): Promise<SavedSearch> {
    const search = await this.searches.ownedBy(id, user.id);
    if (!search) throw SAVED_SEARCH_ERRORS.notFound.exception();
    return search;
  }

  private checkedName(raw: string): string {
    const problem = savedSearchNameProblem(raw);
    if (problem) throw AppException.validation({ name: [problem] });
    return raw.trim();
  }

  private countWrite(user: AuthUser): Promise<void> {
    return this.limiter.consume('saved-search', String(user.id), {
      limit: SAVED_SEARCH_LIMITS.writesPerHour,
      windowMs: 3_600_000,
    });
  }

  private dto(search: SavedSearch, matchCount: number): SavedSearchDto {
    return {
      id: search.id,
      kind: search.kind,
      name: search.name,
      query: search.query,
      email_frequency: search.emailFrequency,
      paused: search.paused,
      created_at: search.createdAt.toISOString(),
      match_count: matchCount,
    };
  }

  /** A deleted account's searches and alerts go with it, in the deletion's transaction. */
  async forgetUser(m: EntityManager, userId: number): Promise<void> {
    await this.searches.removeAllOf(userId, m);
  }
}
