import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { EventEmitterModule } from '@nestjs/event-emitter';
import { DomainEvents, PUBLIC_CARD_EVENTS, type DomainEventMap } from '../../common/events/domain-events';
import { APP_CONFIG } from '../../config/config.module';
import { PublicProfileCache, type PublicWorkerInfo } from './public-profile-cache';

@Module({
  imports: [EventEmitterModule.forRoot()],
  providers: [PublicProfileCache, DomainEvents, { provide: APP_CONFIG, useValue: { directoryCacheMs: 10_000 } }],
})
class CacheOnly {}

async function withCache(work: (cache: PublicProfileCache, events: DomainEvents) => Promise<void>): Promise<void> {
  const app = await NestFactory.createApplicationContext(CacheOnly, { logger: false });
  try {
    await work(app.get(PublicProfileCache), app.get(DomainEvents));
  } finally {
    await app.close();
  }
}

const hidden = (userId: number): PublicWorkerInfo => ({ userId, answer: null });

describe('PublicProfileCache as the listener of domain events', () => {
  /** A payload of each event that changes what cards and public pages show. */
  const payloads: { [K in (typeof PUBLIC_CARD_EVENTS)[number]]: DomainEventMap[K] } = {
    'user.renamed': { userId: 1 },
    'user.deleted': { userId: 1 },
    'user.moderated': { userId: 1 },
    'profile-image.changed': { userId: 1 },
    'worker-profile.updated': { workerProfileId: 1 },
    'worker-profile.moderated': { workerProfileId: 1 },
    'document.approved': { userId: 1, workerProfileId: 1 },
    'document.withdrawn': { userId: 1 },
  };

  it.each(PUBLIC_CARD_EVENTS)('forgets every kept answer on %s, before emit returns', async (event) => {
    await withCache(async (cache, events) => {
      const read = jest.fn(async () => hidden(7));
      const first = await cache.info(1, read);
      expect(await cache.info(1, read)).toBe(first);
      events.emit(event, payloads[event] as never);
      expect(await cache.info(1, read)).not.toBe(first);
      expect(read).toHaveBeenCalledTimes(2);
    });
  });

  it('keeps its answers on events that change no public profile', async () => {
    await withCache(async (cache, events) => {
      const read = jest.fn(async () => hidden(7));
      const first = await cache.info(1, read);
      events.emit('job-offer.changed', { offerId: 1 });
      events.emit('parent-profile.updated', { parentProfileId: 1 });
      events.emit('membership.changed', {});
      expect(await cache.info(1, read)).toBe(first);
      expect(read).toHaveBeenCalledTimes(1);
    });
  });
});
