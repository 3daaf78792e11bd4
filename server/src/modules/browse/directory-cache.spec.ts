import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { EventEmitterModule } from '@nestjs/event-emitter';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { DomainEvents, type DomainEventMap, type DomainEventName } from '../../common/events/domain-events';
import { Metrics } from '../../common/metrics/metrics';
import { DirectoryCache, directoryKey } from './directory-cache';
import type { ParsedQuery } from './filters';

const cache = (seconds: number, metrics = new Metrics(false)) =>
  new DirectoryCache({ directoryCacheMs: seconds * 1000 } as AppConfig, metrics);
const query = (filters: ParsedQuery['filters'], page = 1): ParsedQuery => ({
  filters,
  page,
  pageSize: 50,
  paginated: true,
});

/** A read that resolves when told to, counting its calls. */
function controlledRead(body: unknown = { n: 1 }) {
  const calls: (() => void)[] = [];
  const read = jest.fn(
    () =>
      new Promise<unknown>((resolve) => {
        calls.push(() => resolve(body));
      }),
  );
  return { read, finish: () => calls.splice(0).forEach((done) => done()) };
}

describe('DirectoryCache', () => {
  afterEach(() => jest.useRealTimers());

  it('shares one read among concurrent requests for the same page and keeps it', async () => {
    const c = cache(10);
    const { read, finish } = controlledRead();
    const answers = [c.answer('k', read), c.answer('k', read), c.answer('k', read)];
    finish();
    const [a, b, d] = await Promise.all(answers);
    expect(read).toHaveBeenCalledTimes(1);
    expect(a).toBe(b);
    expect(a).toBe(d);
    expect(await c.answer('k', read)).toBe(a);
    expect(read).toHaveBeenCalledTimes(1);
    expect(a.json.toString()).toBe('{"n":1}');
  });

  it('counts hits (kept or shared reads) and misses (reads) for the operators', async () => {
    const metrics = new Metrics(false);
    const counted = async (result: 'hit' | 'miss') =>
      (await metrics.cacheRequests.get()).values.find(
        (value) => value.labels.cache === 'directory' && value.labels.result === result,
      )?.value ?? 0;
    const c = cache(10, metrics);
    const { read, finish } = controlledRead();
    const both = [c.answer('k', read), c.answer('k', read)];
    finish();
    await Promise.all(both);
    await c.answer('k', read);
    await c.answer('other', async () => 2);
    expect([await counted('hit'), await counted('miss')]).toEqual([2, 2]);

    const off = cache(0, metrics);
    await off.answer('k', async () => 3);
    expect([await counted('hit'), await counted('miss')]).toEqual([2, 3]);
  });

  it('reads again once the interval has passed', async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    const c = cache(10);
    const read = jest.fn(async () => ({ at: Date.now() }));
    const first = await c.answer('k', read);
    jest.setSystemTime(1_000_000 + 9_999);
    expect(await c.answer('k', read)).toBe(first);
    jest.setSystemTime(1_000_000 + 10_000);
    const second = await c.answer('k', read);
    expect(second).not.toBe(first);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('forgets everything on invalidate, and does not keep a read that started before it', async () => {
    const c = cache(10);
    const first = await c.answer('k', async () => 1);
    c.invalidate();
    const { read, finish } = controlledRead(2);
    const during = c.answer('k', read);
    c.invalidate(); // a write lands while the page is being read
    finish();
    expect((await during).json.toString()).toBe('2');
    const after = await c.answer('k', async () => 3);
    expect(after).not.toBe(first);
    expect(after.json.toString()).toBe('3');
  });

  it('reads every time when the interval is 0', async () => {
    const c = cache(0);
    const read = jest.fn(async () => []);
    await c.answer('k', read);
    await c.answer('k', read);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('does not keep a failed read', async () => {
    const c = cache(10);
    await expect(c.answer('k', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect((await c.answer('k', async () => 'ok')).json.toString()).toBe('"ok"');
  });

  it('gives the same key to the same filters in any order and different keys to different pages', () => {
    expect(directoryKey('workers', query({ services: [3, 1, 3], province: [6] }))).toBe(
      directoryKey('workers', query({ province: [6], services: [1, 3] })),
    );
    expect(directoryKey('workers', query({}, 1))).not.toBe(directoryKey('workers', query({}, 2)));
    expect(directoryKey('workers', query({}))).not.toBe(directoryKey('job-offers', query({})));
  });

  it("keeps 'Cerca de' in the key: another place or radius is another answer", () => {
    const near = (municipality: number, radiusKm: number): ParsedQuery => ({
      ...query({}),
      near: { municipality, radiusKm, within: [{ id: municipality, km: 0 }] },
    });
    expect(directoryKey('workers', near(1, 10))).toBe(directoryKey('workers', near(1, 10)));
    expect(directoryKey('workers', near(1, 10))).not.toBe(directoryKey('workers', near(1, 25)));
    expect(directoryKey('workers', near(1, 10))).not.toBe(directoryKey('workers', near(2, 10)));
    expect(directoryKey('workers', near(1, 10))).not.toBe(directoryKey('workers', query({})));
  });

  it('answers an ETag that follows the content', async () => {
    const c = cache(0);
    const a = await c.answer('k', async () => ({ x: 1 }));
    const b = await c.answer('k', async () => ({ x: 1 }));
    const d = await c.answer('k', async () => ({ x: 2 }));
    expect(a.etag).toBe(b.etag);
    expect(a.etag).not.toBe(d.etag);
  });
});

describe('DirectoryCache as the listener of domain events', () => {
  @Module({
    imports: [EventEmitterModule.forRoot()],
    providers: [
      DirectoryCache,
      DomainEvents,
      { provide: APP_CONFIG, useValue: { directoryCacheMs: 10_000 } },
      { provide: Metrics, useValue: new Metrics(false) },
    ],
  })
  class CacheOnly {}

  /** Every event that changes what a directory shows, with a payload of its type. */
  const changes: { [K in DomainEventName]: [K, DomainEventMap[K]] }[DomainEventName][] = [
    ['worker-profile.updated', { workerProfileId: 1 }],
    ['worker-profile.moderated', { workerProfileId: 1 }],
    ['parent-profile.updated', { parentProfileId: 1 }],
    ['job-offer.changed', { offerId: 1 }],
    ['membership.changed', {}],
    ['user.renamed', { userId: 1 }],
    ['user.deleted', { userId: 1 }],
    ['profile-image.changed', { userId: 1 }],
    ['document.approved', { userId: 1, workerProfileId: 1 }],
    ['document.withdrawn', { userId: 1 }],
    ['reference.changed', { referenceId: 1 }],
  ];

  it.each(changes)('forgets every kept answer on %s, before emit returns', async (event, payload) => {
    const app = await NestFactory.createApplicationContext(CacheOnly, { logger: false });
    try {
      const cache = app.get(DirectoryCache);
      let reads = 0;
      const read = jest.fn(async () => ({ n: ++reads }));
      const first = await cache.answer('k', read);
      expect(await cache.answer('k', read)).toBe(first);
      app.get(DomainEvents).emit(event, payload as never);
      // Synchronous: the writer's next directory answer is read afresh.
      const second = await cache.answer('k', read);
      expect(second).not.toBe(first);
      expect(read).toHaveBeenCalledTimes(2);
    } finally {
      await app.close();
    }
  });

  it('keeps its answers on events that change no directory', async () => {
    const app = await NestFactory.createApplicationContext(CacheOnly, { logger: false });
    try {
      const cache = app.get(DirectoryCache);
      const read = jest.fn(async () => ({}));
      const first = await cache.answer('k', read);
      app.get(DomainEvents).emit('mail.queued', {});
      app.get(DomainEvents).emit('auth.sessions-ended', { userId: 1 });
      expect(await cache.answer('k', read)).toBe(first);
      expect(read).toHaveBeenCalledTimes(1);
    } finally {
      await app.close();
    }
  });
});
