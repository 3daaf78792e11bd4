import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import {
  addDays,
  addMonths,
  argentinaToday,
  contributionDueDate,
  formatIsoDate,
  laborNumber,
  laborParametersOn,
  monthBounds,
  sacDueDate,
  semesterOf,
} from '@cym/common';
import { Clock } from '../../common/clock/clock';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { Transactions } from '../../database/transactions';
import { JobKind, JobQueue } from '../jobs/job-queue';
import { MailService } from '../mail/mail.service';
import { hireEmail } from '../mail/templates';
import { PushService } from '../push/push.service';
import { WagesService } from '../wages/wages.service';
import { HiresRepository, type ReminderRow } from './hires.repository';
import { periodLabel } from './hire-pay.service';

/** Every day at 10:00 in Argentina: the hires' due dates coming up. */
export const HIRE_REMINDER_JOB: JobKind = {
  name: 'hire-reminders',
  retryLimit: 2,
  retryDelay: 300,
  retryBackoff: false,
  expireInSeconds: 600,
};

/** Days before the aguinaldo's due date that both parties are told. */
const SAC_NOTICE_DAYS = 10;
/** The vacations of a year are granted from 1 November with 20 days' notice: told from 1 October. */
const VACATION_NOTICE_FROM = '-10-01';

/**
 * The reminders of a registered job: the monthly ARCA payment (the employer, `contribution_reminder_days`
 * before day `contribution_due_day`), the aguinaldo before 30 June and 18 December, and the year's
 * vacations from October. Each is claimed once per relationship and period in the transaction that
 * writes its e-mails (`employment_reminders`), so two processes or two runs never send it twice; a
 * push goes after the commit, to those whose message notifications are on.
 */
@Injectable()
export class HireReminders implements OnModuleInit {
  constructor(
    private readonly hires: HiresRepository,
    private readonly wages: WagesService,
    private readonly transactions: Transactions,
    private readonly jobs: JobQueue,
    private readonly mail: MailService,
    private readonly push: PushService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.jobs.register(HIRE_REMINDER_JOB, async () => void (await this.sendDue()), { pollMs: 60_000 });
    await this.jobs.schedule(HIRE_REMINDER_JOB.name, '0 10 * * *');
  }

  /** Sends what is due today; answers how many reminders went. */
  async sendDue(): Promise<number> {
    const now = this.clock.now();
    const today = argentinaToday(now);
    const params = laborParametersOn(await this.wages.laborVersions(), today);
    if (!params) return 0;
    const due: { kind: string; rows: ReminderRow[]; subject: string; text: (r: ReminderRow) => string }[] = [];

    // Last month's ARCA payment, from a few days before its due date until that day.
    const period = addMonths(`${today.slice(0, 7)}-01`, -1).slice(0, 7);
    const contributionDue = contributionDueDate(period, params);
    const before = laborNumber(params, 'contribution_reminder_days');
    const sacSemester = semesterOf(today);
    const sacDue = sacDueDate(sacSemester);
    const year = today.slice(0, 4);

    const sent = await this.transactions.run(async (m) => {
      if (today >= addDays(contributionDue, -before) && today <= contributionDue) {
        const { from, to } = monthBounds(period);
        due.push({
          kind: 'contribution',
          rows: await this.hires.claimReminders('contribution', period, from, to, true, now, m),
          subject: `Vence el pago a ARCA de ${periodLabel(period)}`,
          text: (r) =>
            `El ${formatIsoDate(contributionDue)} vence el pago de aportes, contribuciones y ART de ${r.worker_name} por ${periodLabel(period)}. Cuando lo pagues, marcalo como pagado en la relación: ella ve que sus aportes están al día.`,
        });
      }
      if (today >= addDays(sacDue, -SAC_NOTICE_DAYS) && today <= sacDue) {
        const from = `${year}-${sacSemester.endsWith('-1') ? '01' : '07'}-01`;
        due.push({
          kind: 'sac',
          rows: await this.hires.claimReminders('sac', sacSemester, from, sacDue, false, now, m),
          subject: 'Se acerca el pago del aguinaldo',
          text: () =>
            `El aguinaldo (SAC) de este semestre se paga a más tardar el ${formatIsoDate(sacDue)}: la mitad del mejor sueldo del semestre. En la relación está calculado, con cada número y su fuente.`,
        });
      }
      if (today >= `${year}${VACATION_NOTICE_FROM}` && today <= `${year}-10-31`) {
        due.push({
          kind: 'vacations',
          rows: await this.hires.claimReminders('vacations', year, `${year}-01-01`, `${year}-10-31`, false, now, m),
          subject: `Las vacaciones de ${year}`,
          text: () =>
            `Las vacaciones de ${year} se toman entre el 1 de noviembre y el 30 de marzo, avisadas con al menos 20 días de anticipación y pagadas antes de empezar. En la relación están los días que corresponden y su pago.`,
        });
      }
      let count = 0;
      for (const batch of due)
        for (const row of batch.rows) {
          count += 1;
          await this.mail.enqueue(
            m,
            row.email,
            hireEmail(
              row.first_name,
              batch.subject,
              batch.text(row),
              'Ver la relación laboral',
              `${this.config.publicUrl}/contrataciones/${row.employment_id}`,
            ),
          );
        }
      return count;
    });
    if (sent > 0) this.mail.notifyCommitted();
    for (const batch of due)
      for (const row of batch.rows)
        void this.push.notify(row.user_id, 'message', {
          title: batch.subject,
          body: 'Tocá para ver la relación laboral.',
          url: `/contrataciones/${row.employment_id}`,
          tag: `hire-${row.employment_id}-${batch.kind}`,
        });
    return sent;
  }
}
