import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, type EntityManager, type Repository } from 'typeorm';
import { NotificationPreferenceRow, PushSubscriptionRow } from './entities/push.entities';

/**
 * Stores a browser's subscription for the user $1 (endpoint $2, keys $3 and $4, user agent $5):
 * an endpoint already known, whoever had it, moves to this user with its new keys and counts as
 * new (the oldest subscriptions are the ones dropped past the limit).
 */
const UPSERT_SUBSCRIPTION = `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, user_agent)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (endpoint) DO UPDATE
            SET user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth,
                user_agent = EXCLUDED.user_agent, created_at = now(), last_success_at = NULL
         RETURNING id`;

/** Keeps the user's ($1) newest $2 subscriptions and deletes the rest. */
const TRIM_SUBSCRIPTIONS = `DELETE FROM push_subscriptions
          WHERE user_id = $1
            AND id NOT IN (SELECT id FROM push_subscriptions WHERE user_id = $1
                            ORDER BY created_at DESC, id DESC LIMIT $2)`;

/** A browser's subscription as it is stored: the push service's endpoint and the keys, base64url. */
export type NewPushSubscription = Pick<PushSubscriptionRow, 'endpoint' | 'p256dh' | 'auth' | 'userAgent'>;

/** A person's choices as they are stored: e-mail and push, per kind of notice. */
export type PreferenceFlags = Pick<
  NotificationPreferenceRow,
  'messageEmail' | 'messagePush' | 'alertEmail' | 'alertPush'
>;

/** The browsers' subscriptions (`push_subscriptions`) and the notification preferences. */
@Injectable()
export class PushRepository {
  constructor(
    @InjectRepository(PushSubscriptionRow) private readonly subscriptions: Repository<PushSubscriptionRow>,
    @InjectRepository(NotificationPreferenceRow) private readonly preferences: Repository<NotificationPreferenceRow>,
  ) {}

  // ── Subscriptions ─────────────────────────────────────────────────────────

  /** Stores the subscription for `userId`, or moves a known endpoint to them (see UPSERT_SUBSCRIPTION). */
  async addSubscription(userId: number, subscription: NewPushSubscription, m: EntityManager): Promise<void> {
    await m.query(UPSERT_SUBSCRIPTION, [
      userId,
      subscription.endpoint,
      subscription.p256dh,
      subscription.auth,
      subscription.userAgent,
    ]);
  }

  /** Deletes all but the person's `count` newest subscriptions. */
  async keepNewestSubscriptions(userId: number, count: number, m: EntityManager): Promise<void> {
    await m.query(TRIM_SUBSCRIPTIONS, [userId, count]);
  }

  /** Deletes the person's subscription of this endpoint (another person's stays). */
  async removeSubscription(userId: number, endpoint: string): Promise<void> {
    await this.subscriptions.delete({ userId, endpoint });
  }

  async removeAllSubscriptionsOf(userId: number, m: EntityManager): Promise<void> {
    await m.delete(PushSubscriptionRow, { userId });
  }

  /** The ids of the person's subscriptions. */
  async subscriptionIds(userId: number): Promise<number[]> {
    const rows = await this.subscriptions.find({ where: { userId }, select: { id: true } });
    return rows.map((row) => row.id);
  }

  subscription(id: number): Promise<PushSubscriptionRow | null> {
    return this.subscriptions.findOneBy({ id });
  }

  async markDelivered(id: number): Promise<void> {
    await this.subscriptions.update(id, { lastSuccessAt: () => 'now()' });
  }

  /** Deletes the subscription a push service says is gone, unless it moved to another endpoint since. */
  async removeExpired(id: number, endpoint: string): Promise<void> {
    await this.subscriptions.delete({ id, endpoint });
  }

  // ── Notification preferences ──────────────────────────────────────────────

  /** The person's stored choices; null when they never chose (the defaults). */
  preferencesOf(userId: number): Promise<NotificationPreferenceRow | null> {
    return this.preferences.findOneBy({ userId });
  }

  /** The stored choices of those of `userIds` who have any, read with `m` (a caller's transaction) when given. */
  preferencesOfMany(
    userIds: number[],
    m: EntityManager = this.preferences.manager,
  ): Promise<NotificationPreferenceRow[]> {
    return m.getRepository(NotificationPreferenceRow).findBy({ userId: In(userIds) });
  }

  /** Writes the person's choices, replacing any stored before. */
  async savePreferences(userId: number, flags: PreferenceFlags): Promise<void> {
    await this.preferences.upsert({ userId, ...flags, updatedAt: () => 'now()' }, ['userId']);
  }
}
