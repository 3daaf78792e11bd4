import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type NotificationKind,
  type NotificationPreferencesValue,
} from '@cym/common';
import { EntityManager, In, Repository } from 'typeorm';
import { NotificationPreferenceRow } from './entities/push.entities';

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
  constructor(
    @InjectRepository(NotificationPreferenceRow) private readonly rows: Repository<NotificationPreferenceRow>,
  ) {}

  async of(userId: number): Promise<NotificationPreferencesValue> {
    return valueOf(await this.rows.findOneBy({ userId }));
  }

  /** Those of `userIds` who turned `channel` off for `kind` (read inside the caller's transaction when given). */
  async muted(
    userIds: number[],
    kind: NotificationKind,
    channel: 'email' | 'push',
    manager?: EntityManager,
  ): Promise<Set<number>> {
    if (userIds.length === 0) return new Set();
    const repository = manager ? manager.getRepository(NotificationPreferenceRow) : this.rows;
    const rows = await repository.findBy({ userId: In(userIds) });
    return new Set(rows.filter((row) => !valueOf(row)[kind][channel]).map((row) => row.userId));
  }

  async set(userId: number, value: NotificationPreferencesValue): Promise<NotificationPreferencesValue> {
    await this.rows.upsert(
      {
        userId,
        messageEmail: value.message.email,
        messagePush: value.message.push,
        alertEmail: value.alert.email,
        alertPush: value.alert.push,
        updatedAt: () => 'now()',
      },
      ['userId'],
    );
    return this.of(userId);
  }
}
