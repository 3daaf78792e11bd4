import { DataSource } from 'typeorm';
import { JobKind, JobQueue } from '../../server/src/modules/jobs/job-queue';
import { MailService } from '../../server/src/modules/mail/mail.service';
import { createAccount, TestAccount } from '../support/accounts';
import { http } from '../support/http';
import { useTestApp } from '../support/test-app';
import { bothEngines } from '../support/engines';

jest.setTimeout(60_000);

let kinds = 0;
/** A job kind of the test's own, retried at once. */
const testKind = (retryLimit: number, expireInSeconds = 60): JobKind => ({
  name: `test-kind-${process.pid}-${(kinds += 1)}`,
  retryLimit,
  retryDelay: 0,
  retryBackoff: false,
  expireInSeconds,
});

const jobsOf = (dataSource: DataSource, kind: JobKind) =>
  dataSource.query(`SELECT state, retry_count FROM pgboss.job WHERE name = $1 ORDER BY created_on`, [
    kind.name,
  ]) as Promise<{ state: string; retry_count: number }[]>;

/**
 * Durable background jobs (JobQueue on pg-boss): retries, the failed state the back office
 * counts, enqueueing inside the writer's transaction, and a job whose process died mid-job.
 */
describe(bothEngines('background jobs'), () => {
  // The supervisor every second: an expired job is retried within the test.
  const t = useTestApp({ JOBS_MAINTENANCE_SECONDS: '1' });
  let admin: TestAccount;
  beforeAll(async () => {
    admin = await createAccount(t, 'admin');
  });
  const failedJobs = async () =>
    ((await http(t).get('/api/admin/stats/get-all/').set(admin.auth).expect(200)).body as { failed_jobs: number })
      .failed_jobs;

  it('retries a failing job, then keeps it failed and counts it on /admin/stats', async () => {
    const jobs = t.app.get(JobQueue);
    const kind = testKind(2);
    const attempts: number[] = [];
    await jobs.register<{ n: number }>(kind, async (_data, job) => {
      attempts.push(job.retryCount);
      throw new Error('the provider is down');
    });
    const before = await failedJobs();
    await jobs.send(kind, { n: 1 });

    expect(await jobs.runDue(kind)).toBe(0);
    expect(attempts).toEqual([0, 1, 2]);
    expect(await jobsOf(t.dataSource, kind)).toEqual([{ state: 'failed', retry_count: 2 }]);
    expect(await failedJobs()).toBe(before + 1);
  });

  it('runs a job once and marks it completed', async () => {
    const jobs = t.app.get(JobQueue);
    const kind = testKind(3);
    const seen: number[] = [];
    await jobs.register<{ n: number }>(kind, async ({ n }) => void seen.push(n));
    await jobs.send(kind, { n: 7 });
    await jobs.send(kind, { n: 8 });
    expect(await jobs.runDue(kind)).toBe(2);
    expect(await jobs.runDue(kind)).toBe(0);
    expect(seen.sort()).toEqual([7, 8]);
    expect((await jobsOf(t.dataSource, kind)).map((j) => j.state)).toEqual(['completed', 'completed']);
  });

  it('enqueues with the writer’s transaction: a rolled-back e-mail has no job', async () => {
    const mail = t.app.get(MailService);
    const count = async () =>
      (await t.dataSource.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'mail-send'`))[0].n as number;
    const before = await count();
    await expect(
      t.dataSource.transaction(async (m) => {
        await mail.enqueue(m, 'nadie@example.com', { subject: 'Hola', html: '<p>Hola</p>', text: 'Hola' });
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    expect(await count()).toBe(before);
    await t.dataSource.transaction((m) =>
      mail.enqueue(m, 'alguien@example.com', { subject: 'Hola', html: '<p>Hola</p>', text: 'Hola' }),
    );
    expect(await count()).toBe(before + 1);
  });

  it('runs again a job whose process died while holding it', async () => {
    const jobs = t.app.get(JobQueue);
    const kind = testKind(2, 1);
    const seen: number[] = [];
    await jobs.register<{ n: number }>(kind, async ({ n }) => void seen.push(n));
    await jobs.send(kind, { n: 1 });
    // A process takes the job and dies: it stays active, and nobody completes it.
    await t.dataSource.query(`UPDATE pgboss.job SET state = 'active', started_on = now() WHERE name = $1`, [kind.name]);
    // After its expiry (1 s) the supervisor (every second) fails it into a retry, which runs.
    const deadline = Date.now() + 20_000;
    while (seen.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await jobs.runDue(kind);
    }
    expect(seen).toEqual([1]);
    expect(await jobsOf(t.dataSource, kind)).toEqual([{ state: 'completed', retry_count: 1 }]);
  });
});
