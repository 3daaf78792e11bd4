import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { PUSH_LIMITS, type NotificationKind, type NotificationPreferencesValue, type PushPayload } from '@cym/common';
import type { EntityManager } from 'typeorm';
import { RateLimiter } from '../../common/rate-limit/rate-limiter';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { Transactions } from '../../database/transactions';
import { JobQueue } from '../jobs/job-queue';
import type { PushSubscriptionBodyDto } from './dto/push.dto';
import { NotificationPreferences } from './notification-preferences';
import { PUSH_JOB, type PushJobData } from './push-jobs';
import { PushSender } from './push-sender';
import { PUSH_ERRORS } from './push.errors';
import { PushRepository } from './push.repository';

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
/**
 * The browsers' push services (Chrome, Edge and Opera through FCM or WNS, Firefox's autopush,
 * Safari's): a subscription elsewhere is refused, so nobody can make the server post to an
 * address of their choosing.
 */
const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
  'web.push.apple.com',
  'notify.windows.com',
];
const isPushService = (host: string) =>
  PUSH_SERVICE_HOSTS.some((known) => host === known || host.endsWith(`.${known}`));
/** Subscription writes per person per hour (a browser subscribes once, and again when its key changes). */
const WRITE_LIMIT = { limit: 60, windowMs: 3_600_000 };

/** The bytes of a base64url text (padding tolerated), or null. */
function base64urlBytes(text: string): Buffer | null {
  return BASE64URL.test(text) ? Buffer.from(text.replace(/=+$/, ''), 'base64url') : null;
}

function cut(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

/**
 * Web Push: the browsers' subscriptions (`push_subscriptions`, owned here) and the notices sent
 * to them.
 *
 * For other modules (the module is global):
 * - `notify(userId, kind, payload)`: `kind` is 'message' (a new chat message, sent urgent) or
 *   'alert' (a saved search's new match); `payload` is what the notification shows —
 *   `{ title, body, url, tag }`, `url` a path of the site that a tap opens, `tag` collapsing
 *   notices of one thing (`conv-<id>`, `search-<id>`). Enqueues one durable `push-send` job per
 *   subscription of the person, unless push is off (no VAPID keys) or the person turned push off
 *   for that kind; the job checks the preference again when it sends. Never throws for a person
 *   without subscriptions; answers how many jobs it queued. Title and body are cut to 80 and 120
 *   characters: put nothing in them the notification should not show on a locked screen.
 * - `NotificationPreferences.of(userId)` (same module): `{ message: { email, push }, alert: {
 *   email, push } }`; e-mail senders check `.email` of their kind before writing.
 */
@Injectable()
export class PushService implements OnModuleInit {
  private readonly logger = new Logger('Push');
  /** Notices being queued: tests (`deliverDue`) wait for them before running the jobs. */
  private readonly queuing = new Set<Promise<unknown>>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly transactions: Transactions,
    private readonly subscriptions: PushRepository,
    private readonly preferences: NotificationPreferences,
    private readonly sender: PushSender,
    private readonly jobs: JobQueue,
    private readonly limiter: RateLimiter,
  ) {}

  onModuleInit(): void {
    if (this.config.push.offReason) this.logger.warn(this.config.push.offReason);
  }

  /** The VAPID public key browsers subscribe with; null when push is off. */
  publicKey(): string | null {
    return this.config.push.vapid?.publicKey ?? null;
  }

  /** Stores (or moves to this person) a browser's subscription; keeps the person's newest ten. */
  async subscribe(userId: number, body: PushSubscriptionBodyDto, userAgent: string | undefined): Promise<void> {
    if (!this.config.push.vapid) throw PUSH_ERRORS.unavailable.exception();
    this.checkEndpoint(body.endpoint);
    const p256dh = base64urlBytes(body.keys.p256dh);
    const auth = base64urlBytes(body.keys.auth);
    if (p256dh?.length !== PUSH_LIMITS.p256dhBytes || p256dh[0] !== 0x04 || auth?.length !== PUSH_LIMITS.authBytes)
      throw PUSH_ERRORS.invalidSubscription.exception();
    await this.limiter.consume('push-subscriptions', String(userId), WRITE_LIMIT);
    // Under the person's lock: browsers subscribing at once each trim what the others wrote.
    await this.transactions.underUserLock(userId, async (m) => {
      await this.subscriptions.addSubscription(
        userId,
        {
          endpoint: body.endpoint,
          p256dh: p256dh.toString('base64url'),
          auth: auth.toString('base64url'),
          userAgent: userAgent ? userAgent.slice(0, 200) : null,
        },
        m,
      );
      await this.subscriptions.keepNewestSubscriptions(userId, PUSH_LIMITS.perUser, m);
    });
  }

  /** Forgets one of the caller's own subscriptions (another person's endpoint is left alone). */
  async unsubscribe(userId: number, endpoint: string): Promise<void> {
    await this.limiter.consume('push-subscriptions', String(userId), WRITE_LIMIT);
    await this.subscriptions.removeSubscription(userId, endpoint);
  }

  /** An account deleted by an admin: its browsers hear nothing more. */
  async forgetUser(m: EntityManager, userId: number): Promise<void> {
    await this.subscriptions.removeAllSubscriptionsOf(userId, m);
  }

  preferencesOf(userId: number): Promise<NotificationPreferencesValue> {
    return this.preferences.of(userId);
  }

  async setPreferences(userId: number, value: NotificationPreferencesValue): Promise<NotificationPreferencesValue> {
    await this.limiter.consume('notification-preferences', String(userId), WRITE_LIMIT);
    return this.preferences.set(userId, value);
  }

  /**
   * Queues the notice for each of the person's browsers (see the class comment). `unless`, when
   * given, is asked first (the chat: "is a socket of theirs open?"); true sends nothing.
   */
  notify(
    userId: number,
    kind: NotificationKind,
    payload: PushPayload,
    unless?: () => Promise<boolean>,
  ): Promise<number> {
    const work = (async () => ((await unless?.()) ? 0 : this.enqueue(userId, kind, payload)))();
    this.queuing.add(work);
    void work.catch(() => undefined).finally(() => this.queuing.delete(work));
    return work;
  }

  /** For tests: waits for notices being queued, then runs every due push job in this process. */
  async deliverDue(): Promise<number> {
    await Promise.allSettled([...this.queuing]);
    return this.sender.deliverDue();
  }

  private async enqueue(userId: number, kind: NotificationKind, payload: PushPayload): Promise<number> {
    if (!this.config.push.vapid) return 0;
    if (!(await this.preferences.of(userId))[kind].push) return 0;
    const ids = await this.subscriptions.subscriptionIds(userId);
    const shown: PushPayload = {
      title: cut(payload.title, PUSH_LIMITS.titleMaxLength),
      body: cut(payload.body, PUSH_LIMITS.bodyMaxLength),
      url: payload.url.startsWith('/') && !payload.url.startsWith('//') ? payload.url : '/',
      tag: payload.tag.slice(0, 64),
    };
    for (const subscriptionId of ids)
      await this.jobs.send<PushJobData>(PUSH_JOB, { subscriptionId, kind, payload: shown });
    if (ids.length > 0) this.jobs.nudge(PUSH_JOB);
    return ids.length;
  }

  private checkEndpoint(endpoint: string): void {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      throw PUSH_ERRORS.invalidSubscription.exception();
    }
    if (url.username || url.password) throw PUSH_ERRORS.invalidSubscription.exception();
    if (url.protocol === 'http:' && this.config.push.allowLoopbackHttp && LOOPBACK_HOSTS.has(url.hostname)) return;
    if (url.protocol !== 'https:') throw PUSH_ERRORS.insecureEndpoint.exception();
    if (!isPushService(url.hostname)) throw PUSH_ERRORS.unknownService.exception();
  }
}
