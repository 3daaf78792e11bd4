import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { EventEmitter2, EventEmitterModule } from '@nestjs/event-emitter';
import { APP_CONFIG } from '../../config/config.module';
import { JOB_OFFER_CHANGED, JobOfferChanged } from '../job-offers/job-offers.events';
import { MEMBERSHIP_CHANGED, MembershipChanged } from '../memberships/memberships.events';
import { PARENT_PROFILE_CHANGED, ParentProfileChanged } from '../parent-profile/parent-profile.events';
import { USER_CHANGED, UserChanged } from '../users/users.events';
import { PublicProfileCache, type PublicWorkerInfo } from './public-profile-cache';
import { WORKER_PROFILE_CHANGED, WorkerProfileChanged } from './worker-profile.events';

@Module({
  imports: [EventEmitterModule.forRoot()],
  providers: [PublicProfileCache, { provide: APP_CONFIG, useValue: { directoryCacheMs: 10_000 } }],
})
class CacheOnly {}

async function withCache(work: (cache: PublicProfileCache, events: EventEmitter2) => Promise<void>): Promise<void> {
  const app = await NestFactory.createApplicationContext(CacheOnly, { logger: false });
  try {
    await work(app.get(PublicProfileCache), app.get(EventEmitter2));
  } finally {
    await app.close();
  }
}

const hidden = (userId: number): PublicWorkerInfo => ({ userId, answer: null });

describe('PublicProfileCache as the listener of domain events', () => {
  it.each([
    [WORKER_PROFILE_CHANGED, new WorkerProfileChanged(1)],
    [USER_CHANGED, new UserChanged(1)],
  ])('forgets every kept answer on %s, before emit returns', async (event, payload) => {
    await withCache(async (cache, events) => {
      const read = jest.fn(async () => hidden(7));
      const first = await cache.info(1, read);
      expect(await cache.info(1, read)).toBe(first);
      events.emit(event, payload);
      expect(await cache.info(1, read)).not.toBe(first);
      expect(read).toHaveBeenCalledTimes(2);
    });
  });

  it('keeps its answers on events that change no public profile', async () => {
    await withCache(async (cache, events) => {
      const read = jest.fn(async () => hidden(7));
      const first = await cache.info(1, read);
      events.emit(JOB_OFFER_CHANGED, new JobOfferChanged(1));
      events.emit(PARENT_PROFILE_CHANGED, new ParentProfileChanged(1));
      events.emit(MEMBERSHIP_CHANGED, new MembershipChanged());
      expect(await cache.info(1, read)).toBe(first);
      expect(read).toHaveBeenCalledTimes(1);
    });
  });
});
