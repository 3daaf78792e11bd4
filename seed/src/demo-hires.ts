import {
  addDays,
  addMonths,
  contributionDueDate,
  contributionFor,
  hireCategory,
  hireRate,
  laborParametersOn,
  monthBounds,
  payslip,
  scaleInForce,
  scheduleWeeklyHours,
  settlement,
  trialPeriodEnd,
  type HireArrangement,
  type HireTerms,
  type LaborParameterVersion,
  type ScheduleSlot,
} from '@cym/common';
import type { EntityManager } from 'typeorm';

/**
 * The demo's hires, written after the conversations and before the references, with the same
 * rules and computations the product uses (common's), so every figure on the screens is real:
 * - the demo employer and the demo worker: a relationship for seven months, registered, each past
 *   payslip confirmed and acknowledged but last month's (her 'Recibí conforme' waits), ARCA paid
 *   but the month due next;
 * - the demo employer and another worker: a relationship in its trial period;
 * - another pair: a relationship ended by a dismissal without cause, with its settlement;
 * - another employer (with a membership) and the demo worker: a proposal waiting for her answer.
 * The waiting proposal has its card message in the pair's conversation.
 */

const DAY_MS = 86_400_000;
const WEEKDAYS_MORNING: ScheduleSlot[] = [1, 2, 3, 4, 5].map((day) => ({
  day: day as ScheduleSlot['day'],
  from: '08:00',
  to: '12:00',
}));
const THREE_DAYS: ScheduleSlot[] = [1, 3, 5].map((day) => ({
  day: day as ScheduleSlot['day'],
  from: '09:00',
  to: '17:00',
}));

/** CUILs with their check digit (computed), made up for the demo. */
const DEMO_CUILS = { worker: '27-30111222-5', employer: '20-25333444-5', ended: '27-28999111-0' };

interface PairRow {
  conversation_id: number;
  worker_profile_id: number;
  parent_profile_id: number;
  worker_user: number;
  parent_user: number;
  worker_name: string;
  demo_worker: boolean;
  demo_employer: boolean;
  member: boolean;
  province_id: number | null;
  municipality_id: number | null;
}

interface Regime {
  versions: LaborParameterVersion[];
  scales: {
    effective_from: string;
    zone_supplement_percent: number;
    rates: { category: number; arrangement: string; hourly: number; monthly: number }[];
  }[];
  mapping: { service_id: number; category: number | null }[];
  services: { id: number; key: string }[];
  zone: { provinces: number[]; municipalities: number[] };
}

const iso = (date: Date) => date.toISOString().slice(0, 10);

async function readRegime(m: EntityManager): Promise<Regime> {
  const versions = (
    (await m.query(
      `SELECT key, to_char(effective_from, 'YYYY-MM-DD') AS effective_from, value, source, unconfirmed
         FROM labor_parameters`,
    )) as LaborParameterVersion[]
  ).map((v) => ({ ...v }));
  const scaleRows: { id: number; effective_from: string; zone_supplement_percent: number }[] = await m.query(
    `SELECT id, to_char(effective_from, 'YYYY-MM-DD') AS effective_from, zone_supplement_percent FROM wage_scales`,
  );
  const rates: { scale_id: number; category: number; arrangement: string; hourly: number; monthly: number }[] =
    await m.query(
      `SELECT scale_id, category, arrangement, hourly::float8 AS hourly, monthly::float8 AS monthly FROM wage_rates`,
    );
  const mapping = await m.query(`SELECT service_id, category FROM wage_service_categories`);
  const services = await m.query(`SELECT id, title AS key FROM services ORDER BY sort_order`);
  const zone: { province_id: number | null; municipality_id: number | null }[] = await m.query(
    `SELECT province_id, municipality_id FROM wage_zone_areas`,
  );
  return {
    versions,
    scales: scaleRows.map((s) => ({
      effective_from: s.effective_from,
      zone_supplement_percent: Number(s.zone_supplement_percent),
      rates: rates.filter((r) => r.scale_id === s.id).map((r) => ({ ...r, category: Number(r.category) })),
    })),
    mapping: mapping.map((r: { service_id: number; category: number | null }) => ({
      service_id: r.service_id,
      category: r.category === null ? null : Number(r.category),
    })),
    services,
    zone: {
      provinces: zone.flatMap((z) => (z.province_id === null ? [] : [z.province_id])),
      municipalities: zone.flatMap((z) => (z.municipality_id === null ? [] : [z.municipality_id])),
    },
  };
}

export async function writeDemoHires(
  m: EntityManager,
  emails: { worker: string; employer: string },
  now: Date,
): Promise<number> {
  const pairs: PairRow[] = await m.query(
    `SELECT c.id AS conversation_id, c.worker_profile_id, c.parent_profile_id, w.user_id AS worker_user,
            p.user_id AS parent_user, trim(concat_ws(' ', wu.first_name, wu.last_name)) AS worker_name,
            wu.email = $1 AS demo_worker, pu.email = $2 AS demo_employer,
            EXISTS (SELECT 1 FROM memberships ms WHERE ms.parent_profile_id = p.id AND ms.status
                      AND ms.start_date <= $3 AND ms.end_date > $3) AS member,
            w.province_id, w.municipality_id
       FROM conversations c
       JOIN worker_profiles w ON w.id = c.worker_profile_id
       JOIN parent_profiles p ON p.id = c.parent_profile_id
       JOIN users wu ON wu.id = w.user_id
       JOIN users pu ON pu.id = p.user_id
      WHERE EXISTS (SELECT 1 FROM messages x WHERE x.conversation_id = c.id AND x.sender_id = w.user_id)
        AND EXISTS (SELECT 1 FROM messages x WHERE x.conversation_id = c.id AND x.sender_id = p.user_id)
      ORDER BY c.id`,
    [emails.worker, emails.employer, now],
  );
  const regime = await readRegime(m);
  const today = iso(now);
  const cleaning = regime.services.find((s) => regime.mapping.find((x) => x.service_id === s.id)?.category === 5);
  const nanny = regime.services.find((s) => regime.mapping.find((x) => x.service_id === s.id)?.category === 4);
  const fallbackPlace = (await m.query(`SELECT id, province_id FROM municipalities ORDER BY id LIMIT 1`))[0] as {
    id: number;
    province_id: number;
  };
  if (!cleaning) return 0;

  const mine = pairs.find((p) => p.demo_worker && p.demo_employer);
  const trial = pairs.find((p) => p.demo_employer && !p.demo_worker);
  const ended = pairs.find((p) => !p.demo_employer && !p.demo_worker);
  const waiting = pairs.find((p) => p.demo_worker && !p.demo_employer && p.member);
  let written = 0;

  const firstOfMonth = (back: number) => addMonths(`${today.slice(0, 7)}-01`, -back);

  /** A proposal (with its card message) and, unless pending, its relationship. */
  async function hire(
    pair: PairRow,
    options: {
      start: string;
      proposedAt: Date;
      service: number;
      arrangement: HireArrangement;
      schedule: ScheduleSlot[];
      extra: number;
      status: 'pending' | 'accepted';
    },
  ): Promise<{ employmentId: number | null; terms: HireTerms }> {
    const scale = scaleInForce(regime.scales, options.start);
    const params = laborParametersOn(regime.versions, options.start);
    if (!scale || !params) throw new Error(`no scale or parameters for ${options.start}`);
    const category = hireCategory(regime.mapping, scale, [options.service], options.arrangement)!;
    const rate = hireRate(scale, category, options.arrangement)!;
    const weekly = scheduleWeeklyHours(options.schedule);
    const payBasis = weekly < 24 ? 'hourly' : 'monthly';
    const base = payBasis === 'hourly' ? rate.hourly : (rate.monthly * Math.min(weekly, 48)) / 48;
    const payAmount = Math.round(base * (1 + options.extra) * 100) / 100;
    const province = pair.province_id ?? fallbackPlace.province_id;
    const municipality = pair.municipality_id ?? fallbackPlace.id;
    const zone = regime.zone.provinces.includes(province) || regime.zone.municipalities.includes(municipality);
    const [proposal] = (await m.query(
      `INSERT INTO hire_proposals (conversation_id, worker_profile_id, parent_profile_id, proposed_by, start_date, services,
              category, arrangement, schedule, weekly_hours, pay_basis, pay_amount, province_id, municipality_id, zone,
              status, created_at, answered_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18) RETURNING id`,
      [
        pair.conversation_id,
        pair.worker_profile_id,
        pair.parent_profile_id,
        pair.parent_user,
        options.start,
        [options.service],
        category,
        options.arrangement,
        JSON.stringify(options.schedule),
        weekly,
        payBasis,
        payAmount,
        province,
        municipality,
        zone,
        options.status,
        options.proposedAt,
        options.status === 'pending' ? null : new Date(options.proposedAt.getTime() + 3 * 3_600_000),
      ],
    )) as { id: number }[];
    // The chat orders messages by id: only a proposal made after the conversation's last message
    // gets its card (the one waiting for an answer); older hires are told by /contrataciones.
    if (options.status === 'pending')
      await m.query(
        `INSERT INTO messages (conversation_id, sender_id, content, created_at, hire_proposal_id, is_read)
         SELECT $1, $2, 'Te propongo una contratación.',
                least($4::timestamptz - interval '1 minute', greatest($3::timestamptz, max(created_at) + interval '1 minute')),
                $5, false
           FROM messages WHERE conversation_id = $1`,
        [pair.conversation_id, pair.parent_user, options.proposedAt, now, proposal!.id],
      );
    const terms: HireTerms = {
      start_date: options.start,
      category,
      arrangement: options.arrangement,
      schedule: options.schedule,
      pay_basis: payBasis,
      pay_amount: payAmount,
      zone,
    };
    written += 1;
    if (options.status === 'pending') return { employmentId: null, terms };
    const [employment] = (await m.query(
      `INSERT INTO employments (proposal_id, worker_profile_id, parent_profile_id, worker_user_id, parent_user_id,
              conversation_id, start_date, services, category, arrangement, schedule, weekly_hours, pay_basis, pay_amount,
              province_id, municipality_id, zone, trial_ends_on, created_at)
       SELECT id, worker_profile_id, parent_profile_id, $2, $3, conversation_id, start_date, services, category, arrangement,
              schedule, weekly_hours, pay_basis, pay_amount, province_id, municipality_id, zone, $4, answered_at
         FROM hire_proposals WHERE id = $1 RETURNING id`,
      [proposal!.id, pair.worker_user, pair.parent_user, trialPeriodEnd(terms, params)],
    )) as { id: number }[];
    await event(employment!.id, 'hired', pair.worker_user, new Date(options.proposedAt.getTime() + 3 * 3_600_000));
    return { employmentId: employment!.id, terms };
  }

  async function event(employmentId: number, kind: string, actor: number, at: Date, detail: object = {}) {
    await m.query(
      `INSERT INTO employment_events (employment_id, kind, actor_id, detail, created_at) VALUES ($1, $2, $3, $4, $5)`,
      [employmentId, kind, actor, JSON.stringify(detail), at],
    );
  }

  /** Payslips confirmed (paid the 3rd of the next month), acknowledged the 4th unless told otherwise. */
  async function payslips(
    id: number,
    pair: PairRow,
    terms: HireTerms,
    periods: string[],
    acknowledged: (p: string) => boolean,
    end?: string,
  ) {
    for (const period of periods) {
      const first = `${period}-01`;
      const scale = scaleInForce(regime.scales, first)!;
      const params = laborParametersOn(regime.versions, first)!;
      const slip = payslip({
        terms,
        period,
        end_date: end ?? null,
        rate: hireRate(scale, terms.category, terms.arrangement)!,
        zone_percent: scale.zone_supplement_percent,
        params,
        overtime_ordinary_hours: period.endsWith('-12') ? 4 : 0,
      });
      const paidOn = addDays(monthBounds(period).to, 3);
      const confirmedAt = new Date(`${paidOn}T18:00:00Z`);
      const ack = acknowledged(period) ? new Date(confirmedAt.getTime() + DAY_MS) : null;
      const keys = new Set(slip.lines.flatMap((l) => l.sources ?? []).filter((k) => k !== 'wage_scale'));
      await m.query(
        `INSERT INTO payslips (employment_id, period, overtime_ordinary_hours, lines, gross, non_remunerative, net, sources,
                paid_on, confirmed_at, acknowledged_at, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $10, $10)`,
        [
          id,
          period,
          period.endsWith('-12') ? 4 : 0,
          JSON.stringify(slip.lines),
          slip.gross,
          slip.non_remunerative,
          slip.net,
          JSON.stringify([...keys].map((k) => params[k as keyof typeof params])),
          paidOn,
          confirmedAt,
          ack,
        ],
      );
      await event(id, 'payslip_confirmed', pair.parent_user, confirmedAt, { period });
      if (ack) await event(id, 'payslip_acknowledged', pair.worker_user, ack, { period });
    }
  }

  async function contributions(id: number, pair: PairRow, terms: HireTerms, periods: string[]) {
    const weekly = scheduleWeeklyHours(terms.schedule);
    for (const period of periods) {
      const params = laborParametersOn(regime.versions, `${period}-01`)!;
      const paidOn = addDays(`${addMonths(`${period}-01`, 1).slice(0, 7)}-01`, 7);
      await m.query(
        `INSERT INTO contribution_payments (employment_id, period, amount, paid_on, marked_by, marked_at)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [id, period, contributionFor(weekly, params)!.total, paidOn, pair.parent_user, new Date(`${paidOn}T20:00:00Z`)],
      );
    }
  }

  const monthsBetween = (from: string, to: string) => {
    const out: string[] = [];
    for (let p = from.slice(0, 7); p <= to.slice(0, 7); p = addMonths(`${p}-01`, 1).slice(0, 7)) out.push(p);
    return out;
  };

  if (mine) {
    // Seven months: past the six-month trial period of the law in force.
    const start = firstOfMonth(7);
    const proposedAt = new Date(Date.parse(`${start}T12:00:00Z`) - 10 * DAY_MS);
    const { employmentId, terms } = await hire(mine, {
      start,
      proposedAt,
      service: cleaning.id,
      arrangement: 'con_retiro',
      schedule: WEEKDAYS_MORNING,
      extra: 0.1,
      status: 'accepted',
    });
    const id = employmentId!;
    await m.query(
      `UPDATE employments SET worker_cuil = $2, employer_cuit = $3, work_address = $4, registered_on = $5 WHERE id = $1`,
      [id, DEMO_CUILS.worker, DEMO_CUILS.employer, 'Av. Rivadavia 5200, 4.º A', addDays(start, -1)],
    );
    await event(id, 'worker_cuil', mine.worker_user, new Date(proposedAt.getTime() + DAY_MS));
    await event(id, 'employer_data', mine.parent_user, new Date(proposedAt.getTime() + DAY_MS));
    await event(id, 'registered', mine.parent_user, new Date(Date.parse(`${addDays(start, -1)}T15:00:00Z`)));
    const past = monthsBetween(start, firstOfMonth(1));
    await payslips(id, mine, terms, past, (p) => p !== past[past.length - 1]);
    // ARCA: every month whose due date (the 10th of the next) has passed; last month's is left
    // unpaid while it is still ahead, so the reminder and 'Marcar pagado' can be tried.
    const lastDue = contributionDueDate(past[past.length - 1]!, laborParametersOn(regime.versions, today)!);
    await contributions(id, mine, terms, today <= lastDue ? past.slice(0, -1) : past);
  }
  if (trial) {
    const start = iso(new Date(now.getTime() - 20 * DAY_MS));
    await hire(trial, {
      start,
      proposedAt: new Date(now.getTime() - 27 * DAY_MS),
      service: nanny?.id ?? cleaning.id,
      arrangement: 'con_retiro',
      schedule: THREE_DAYS,
      extra: 0.05,
      status: 'accepted',
    });
  }
  if (ended) {
    const start = firstOfMonth(9);
    const end = addDays(firstOfMonth(2), 14);
    const { employmentId, terms } = await hire(ended, {
      start,
      proposedAt: new Date(Date.parse(`${start}T12:00:00Z`) - 7 * DAY_MS),
      service: cleaning.id,
      arrangement: 'con_retiro',
      schedule: THREE_DAYS,
      extra: 0,
      status: 'accepted',
    });
    const id = employmentId!;
    await m.query(`UPDATE employments SET worker_cuil = $2, registered_on = $3 WHERE id = $1`, [
      id,
      DEMO_CUILS.ended,
      addDays(start, -1),
    ]);
    const months = monthsBetween(start, end);
    await payslips(id, ended, terms, months.slice(0, -1), () => true);
    await contributions(id, ended, terms, months.slice(0, -1));
    const params = laborParametersOn(regime.versions, end)!;
    const full = (period: string) => {
      const first = `${period}-01`;
      const scale = scaleInForce(regime.scales, first)!;
      return payslip({
        terms,
        period,
        rate: hireRate(scale, terms.category, terms.arrangement)!,
        zone_percent: scale.zone_supplement_percent,
        params: laborParametersOn(regime.versions, first)!,
      }).gross;
    };
    const best = Math.max(...months.map(full));
    const result = settlement({
      terms,
      end_date: end,
      cause: 'despido_sin_causa',
      notice_given: false,
      monthly_gross: full(end.slice(0, 7)),
      best_monthly_last_year: best,
      best_monthly_semester: best,
      vacation_days_taken_this_year: 0,
      params,
    });
    const keys = new Set(result.lines.flatMap((l) => l.sources ?? []).filter((k) => k !== 'wage_scale'));
    await m.query(`UPDATE employments SET ended_on = $2, end_cause = 'despido_sin_causa' WHERE id = $1`, [id, end]);
    const at = new Date(`${end}T19:00:00Z`);
    await m.query(
      `INSERT INTO settlements (employment_id, cause, end_date, notice_given, lines, total, sources, created_by, created_at)
       VALUES ($1, 'despido_sin_causa', $2, false, $3, $4, $5, $6, $7)`,
      [
        id,
        end,
        JSON.stringify(result.lines),
        result.total,
        JSON.stringify([...keys].map((k) => params[k as keyof typeof params])),
        ended.parent_user,
        at,
      ],
    );
    await event(id, 'ended', ended.parent_user, at, { cause: 'despido_sin_causa', end_date: end });
  }
  if (waiting)
    await hire(waiting, {
      start: addDays(today, 14),
      proposedAt: new Date(now.getTime() - 5 * 3_600_000),
      service: cleaning.id,
      arrangement: 'con_retiro',
      schedule: THREE_DAYS,
      extra: 0.15,
      status: 'pending',
    });
  return written;
}

/** References written after a hire between their two parties say so ('Trabajó con …'). */
export async function markHiredReferences(m: EntityManager): Promise<void> {
  await m.query(
    `UPDATE "references" r SET hired = true
      WHERE EXISTS (SELECT 1 FROM employments e
                     WHERE e.created_at <= r.created_at
                       AND ((e.worker_user_id = r.author_user_id AND e.parent_user_id = r.subject_user_id)
                         OR (e.worker_user_id = r.subject_user_id AND e.parent_user_id = r.author_user_id)))`,
  );
}
