import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import webpush from 'web-push';
import { Metrics } from '../../common/metrics/metrics';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { JobQueue } from '../jobs/job-queue';
import { NotificationPreferences } from './notification-preferences';
import { PUSH_JOB, type PushJobData } from './push-jobs';
import { PushRepository } from './push.repository';

/** How long a push service keeps a notice for a browser that is off: a day. */
export const PUSH_TTL_SECONDS = 86_400;

/** How a notice ended: delivered, the subscription gone (404/410, removed), refused for good (other 4xx). */
type PushOutcome = 'sent' | 'gone' | 'refused';

/** Longest wait for a push service's answer. */
const PUSH_TIMEOUT_MS = 10_000;

/** A Topic header (RFC 8030, section 5.4): at most 32 base64url characters; a newer push with it replaces one not yet delivered. */
const TOPIC = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * Runs the `push-send` jobs: one notice to one subscription. The message is encrypted for the
 * subscription's keys (RFC 8291, aes128gcm) and signed with our VAPID key by web-push's
 * `generateRequestDetails`; the POST itself is ours (fetch), because web-push's
 * `sendNotification` speaks https only and the tests' stand-in push service is plain http on
 * the loopback. 2xx: delivered; 404/410: the browser unsubscribed, the row goes; 429 and 5xx or
 * no answer: thrown, so the job queue retries; other 4xx (a refusal that will not change): logged.
 * The person's preference is read again here, at send time.
 */
@Injectable()
export class PushSender implements OnModuleInit {
  private readonly logger = new Logger('Push');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly subscriptions: PushRepository,
    private readonly preferences: NotificationPreferences,
    private readonly jobs: JobQueue,
    private readonly metrics: Metrics,
  ) {}

  onModuleInit(): Promise<void> {
    return this.jobs.register<PushJobData>(PUSH_JOB, (data) => this.deliver(data));
  }

  /** Runs, in this process, every push job that is due; answers how many succeeded. */
  deliverDue(): Promise<number> {
    return this.jobs.runDue(PUSH_JOB);
  }

  /** One notice to one subscription, counted by its outcome (a throw is a failure the queue retries). */
  private async deliver(data: PushJobData): Promise<void> {
    let outcome: PushOutcome | null;
    try {
      outcome = await this.post(data);
    } catch (error) {
      this.metrics.pushes.inc({ outcome: 'failed' });
      throw error;
    }
    if (outcome) this.metrics.pushes.inc({ outcome });
  }

  /** Sends the notice; null when there was nothing to send (no key, no subscription, turned off). */
  private async post({ subscriptionId, kind, payload }: PushJobData): Promise<PushOutcome | null> {
    const vapid = this.config.push.vapid;
    const subscription = await this.subscriptions.subscription(subscriptionId);
    if (!vapid || !subscription) return null;
    if (!(await this.preferences.of(subscription.userId))[kind].push) return null;
    const request = webpush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: vapid,
        TTL: PUSH_TTL_SECONDS,
        urgency: kind === 'message' ? 'high' : 'normal',
        ...(TOPIC.test(payload.tag) ? { topic: payload.tag } : {}),
        contentEncoding: 'aes128gcm',
      },
    );
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers))
      if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
    const response = await fetch(request.endpoint, {
      method: 'POST',
      headers,
      body: new Uint8Array(request.body),
      redirect: 'error',
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (response.ok) {
      await this.subscriptions.markDelivered(subscription.id);
      return 'sent';
    }
    if (response.status === 404 || response.status === 410) {
      // Gone: the browser unsubscribed or the subscription expired (RFC 8030, section 7.3).
      await this.subscriptions.removeExpired(subscription.id, subscription.endpoint);
      this.logger.log(`push subscription ${subscription.id} expired (${response.status}): removed`);
      return 'gone';
    }
    if (response.status === 429 || response.status >= 500) throw new Error(`push service answered ${response.status}`);
    this.logger.warn(`push subscription ${subscription.id} refused the notice (${response.status})`);
    return 'refused';
  }
}
