import { Injectable } from '@nestjs/common';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type NotificationKind,
  type NotificationPreferencesValue,
} from '@cym/common';
import type { EntityManager } from 'typeorm';
import type { NotificationPreferenceRow } from './entities/push.entities';
import { PushRepository } from './push.repository';

function valueOf(row: NotificationPreferenceRow | null): NotificationPreferencesValue {
  if (!row) return structuredClone(DEFAULT_NOTIFICATION_PREFERENCES);
  return {
    message: { email: row.messageEmail, push: row.messagePush },
    alert: { email: row.alertEmail, push: row.alertPush },
  };
}

/**
 * Each person's choice of e-mail and/or push per kind of notice (`notification_preferences`,
 * owned here; no row means the defaults, everything on). Senders ask at send time:
 * `of(userId)` for one person, `muted(userIds, kind, channel)` for a batch.
 */
@Injectable()
export class NotificationPreferences {
  constructor(private readonly store: PushRepository) {}

  async of(userId: number): Promise<NotificationPreferencesValue> {
    return valueOf(await this.store.preferencesOf(userId));
  }

  /** Those of `userIds` who turned `channel` off for `kind` (read inside the caller's transaction when given). */
  async muted(
    userIds: number[],
    kind: NotificationKind,
    channel: 'email' | 'push',
    manager?: EntityManager,
  ): Promise<Set<number>> {
    if (userIds.length === 0) return new Set();
    const rows = await this.store.preferencesOfMany(userIds, manager);
    return new Set(rows.filter((row) => !valueOf(row)[kind][channel]).map((row) => row.userId));
  }

  async set(userId: number, value: NotificationPreferencesValue): Promise<NotificationPreferencesValue> {
    await this.store.savePreferences(userId, {
      messageEmail: value.message.email,
      messagePush: value.message.push,
      alertEmail: value.alert.email,
      alertPush: value.alert.push,
    });
    return this.of(userId);
  }
}
