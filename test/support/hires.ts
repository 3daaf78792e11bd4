import { addDays, argentinaToday, cuilValid, formatDate } from '@cym/common';
import type { TestAccount } from './accounts';
import { http } from './http';
import type { TestApp } from './test-app';

/** Mon–Fri 08:00–12:00: 20 hours a week, paid by the hour. */
export const TWENTY_HOURS = [1, 2, 3, 4, 5].map((day) => ({ day, from: '08:00', to: '12:00' }));

/**
 * The day `days` from today in Argentina, as YYYY-MM-DD: the server's today. (UTC's day is already
 * tomorrow there from 21:00, which made 'yesterday' Argentina's today.)
 */
export function dayAfter(days: number): string {
  return addDays(argentinaToday(new Date()), days);
}

/** dd/mm/yyyy of a YYYY-MM-DD day, as the screens write it. */
export const shownDay = (day: string) => formatDate(new Date(`${day}T12:00:00-03:00`));

/** A valid CUIL (or CUIT) with this prefix and DNI: its check digit found by the app's own rule. */
export function validCuil(prefix: string, dni: string): string {
  const digit = [...'0123456789'].find((d) => cuilValid(`${prefix}${dni}${d}`))!;
  return `${prefix}-${dni}-${digit}`;
}

/** A service of category 5 (tareas generales) and its con-retiro hourly minimum in the scale in force. */
export async function cleaningRate(t: TestApp): Promise<{ cleaning: number; hourly: number }> {
  const rules = (await http(t).get('/api/wages/current').expect(200)).body;
  return {
    cleaning: rules.services.find((s: { category: number | null }) => s.category === 5).service_id,
    hourly: rules.scale.rates.find(
      (r: { category: number; arrangement: string }) => r.category === 5 && r.arrangement === 'con_retiro',
    ).hourly,
  };
}

/** The pair's conversation, written straight into the database. */
export async function conversationBetween(t: TestApp, worker: TestAccount, employer: TestAccount): Promise<number> {
  const [c] = await t.dataSource.query(
    `INSERT INTO conversations (worker_profile_id, parent_profile_id, pair_key) VALUES ($1, $2, $3) RETURNING id`,
    [worker.profileId, employer.profileId, `w${worker.profileId}-p${employer.profileId}`],
  );
  return c.id;
}

/**
 * A relationship of 20 hours a week at the hourly minimum, proposed and accepted through the API
 * (the employer needs an active membership), then moved to have started on `start` with its trial
 * period over: months to pay exist. Never before January 2026, the first scale's month.
 */
export async function hiredThroughApi(
  t: TestApp,
  worker: TestAccount,
  employer: TestAccount,
  municipality: number,
  start: string,
): Promise<number> {
  const { cleaning, hourly } = await cleaningRate(t);
  const conversationId = await conversationBetween(t, worker, employer);
  const proposal = await http(t)
    .post('/api/hires/proposals')
    .set(employer.auth)
    .send({
      conversation_id: conversationId,
      start_date: dayAfter(1),
      services: [cleaning],
      arrangement: 'con_retiro',
      schedule: TWENTY_HOURS,
      pay_basis: 'hourly',
      pay_amount: hourly,
      municipality_id: municipality,
    })
    .expect(201);
  const { employment_id: id } = (
    await http(t).post(`/api/hires/proposals/${proposal.body.id}/accept`).set(worker.auth).expect(200)
  ).body;
  await t.dataSource.query(`UPDATE employments SET start_date = $2, trial_ends_on = $3 WHERE id = $1`, [
    id,
    start,
    dayAfter(-1),
  ]);
  return id;
}
