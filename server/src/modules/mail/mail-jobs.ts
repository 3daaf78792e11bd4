import type { JobKind } from '../jobs/job-queue';

/** Attempts before an e-mail is marked failed; waits grow 30 s, 1 min, 2 min … */
export const MAX_ATTEMPTS = 8;

/** One job per outbox e-mail: deliver it (`{ emailId }`). */
export const MAIL_JOB: JobKind = {
  name: 'mail-send',
  retryLimit: MAX_ATTEMPTS - 1,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: 120,
};

export interface MailJobData {
  emailId: number;
}
