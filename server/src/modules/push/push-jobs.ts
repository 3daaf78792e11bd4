import type { NotificationKind, PushPayload } from '@cym/common';
import type { JobKind } from '../jobs/job-queue';

/**
 * One job per (notice, subscription): a failure retries that browser only. Waits 30 s, 1, 2, 4, 8
 * minutes: a push service that stays down for longer loses the notice (a day-old "new message"
 * is no longer news; the unread e-mail still goes).
 */
export const PUSH_JOB: JobKind = {
  name: 'push-send',
  retryLimit: 5,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: 120,
};

export interface PushJobData {
  subscriptionId: number;
  kind: NotificationKind;
  payload: PushPayload;
}
