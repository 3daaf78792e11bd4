import { createServer } from 'node:net';
import { MailSender } from '../../server/src/modules/mail/mail-sender';
import { http } from '../support/http';
import { TestSmtpServer } from '../support/smtp';
import { startTestApp, TestApp } from '../support/test-app';

/** A loopback port with nothing listening: SMTP connections to it are refused at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('e-mail outbox', () => {
  let t: TestApp;
  const smtp = new TestSmtpServer();
  let deadPort: number;

  beforeAll(async () => {
    deadPort = await closedPort();
    await smtp.start();
    t = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${deadPort}`, MAIL_POLL_MS: '60000' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  it('keeps the e-mail when delivery fails, schedules a retry, and delivers it later', async () => {
    await http(t)
      .post('/api/sign-up/')
      .send({
        firstName: 'Ana',
        lastName: 'Paz',
        email: 'ana@example.com',
        password: 'clave1234',
        confirmPassword: 'clave1234',
        profileType: 'Parent',
        acceptedTerms: true,
      })
      .expect(201);
    const sender = t.app.get(MailSender);
    await sender.deliverDue();
    const [failed] = await t.dataSource.query(
      `SELECT status, attempts, last_error, next_attempt_at > now() AS later FROM email_outbox WHERE to_address = 'ana@example.com'`,
    );
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, later: true });
    expect(failed.last_error).toBeTruthy();

    // The SMTP server is back and the retry is due: the same row is delivered once.
    (t.config.mail as { smtpUrl?: string }).smtpUrl = smtp.url;
    sender.onApplicationBootstrap();
    await t.dataSource.query(`UPDATE pgboss.job SET start_after = now() WHERE name = 'mail-send'`);
    expect(await sender.deliverDue()).toBe(1);
    await smtp.waitFor('ana@example.com', '/email-verification/');
    const [sent] = await t.dataSource.query(
      `SELECT status, attempts FROM email_outbox WHERE to_address = 'ana@example.com'`,
    );
    expect(sent).toEqual({ status: 'sent', attempts: 2 });
    expect(await sender.deliverDue()).toBe(0);
  });

  it('writes no e-mail when the sign-up fails', async () => {
    const before = await t.dataSource.query(`SELECT count(*)::int AS n FROM email_outbox`);
    await http(t)
      .post('/api/sign-up/')
      .send({
        firstName: 'Ana',
        lastName: 'Paz',
        email: 'ana@example.com',
        password: 'clave1234',
        confirmPassword: 'clave1234',
        profileType: 'Parent',
        acceptedTerms: true,
      })
      .expect(409);
    expect(await t.dataSource.query(`SELECT count(*)::int AS n FROM email_outbox`)).toEqual(before);
  });
});
