// The hire's computations and documents: how long one month's payslip, a final settlement and the
// list of a relationship's months (payslips, ARCA payments, aguinaldo, vacations as GET
// /api/hires/{id}/pay computes them, 12 and 120 months) take in common's pure functions, and how
// long pdfkit takes to draw a payslip and a settlement PDF, with their sizes. Prints the median of
// BENCH_ROUNDS (default 7) runs of each batch. `npm run build` first; a few seconds.
import { createRequire } from 'node:module';
import { ROOT } from '../scripts/lib.mjs';

const require = createRequire(import.meta.url);
const common = require(`${ROOT}/common/dist/index.js`);
const { LABOR_PARAMETER_SEED } = require(`${ROOT}/server/dist/migrations/data/labor-parameters.js`);
const { payslipPdf, settlementPdf } = require(`${ROOT}/server/dist/server/src/modules/hires/hire-pdf.js`);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);

const rate = { hourly: 3250.1, monthly: 398722.14 };
const terms = {
  start_date: '2026-01-05',
  category: 5,
  arrangement: 'con_retiro',
  schedule: [1, 2, 3, 4, 5].map((day) => ({ day, from: '08:00', to: '12:00' })),
  pay_basis: 'hourly',
  pay_amount: 3250.1,
  zone: true,
};
const params = (day) => common.laborParametersOn(LABOR_PARAMETER_SEED, day);

function months(count) {
  const out = [];
  for (let i = 0; i < count; i += 1) out.push(common.addMonths('2026-01-01', i).slice(0, 7));
  return out;
}

/** What the relationship's money list computes per month. */
function payList(count) {
  for (const period of months(count)) {
    const p = params(`${period}-01`);
    common.payslip({ terms, period, rate, zone_percent: 30, params: p });
    common.contributionFor(20, p);
    common.contributionDueDate(period, p);
  }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function time(label, work, per = 1) {
  const runs = [];
  for (let i = 0; i < ROUNDS; i += 1) {
    const started = process.hrtime.bigint();
    await work();
    runs.push(Number(process.hrtime.bigint() - started) / 1e6 / per);
  }
  console.log(`${label.padEnd(44)} ${median(runs).toFixed(3)} ms`);
}

const slip = common.payslip({ terms, period: '2026-06', rate, zone_percent: 30, params: params('2026-06-01') });
const parties = {
  employer: 'María Fernández',
  employerCuit: '20-25333444-5',
  workAddress: 'Av. Rivadavia 5200, 4.º A',
  worker: 'Rosa Benítez Quispe',
  workerCuil: '27-30111222-5',
  startDate: terms.start_date,
  category: '5. Personal para tareas generales',
  arrangement: 'Con retiro',
  weeklyHours: 20,
  payBasis: 'Por hora',
  place: 'Río Grande, Tierra del Fuego',
};
const sources = LABOR_PARAMETER_SEED.slice(0, 6);
const labels = (key) => common.laborParameterDefinition(key)?.label ?? key;
const payslipDto = {
  ...slip,
  period_label: 'junio de 2026',
  paid_on: '2026-07-03',
  confirmed_at: '2026-07-03T18:00:00Z',
  acknowledged_at: '2026-07-04T12:00:00Z',
  scale_source: 'Escala vigente desde el 01/01/2026',
  sources,
};
const settlementInput = {
  terms,
  end_date: '2026-09-15',
  cause: 'despido_sin_causa',
  notice_given: false,
  monthly_gross: slip.gross,
  best_monthly_last_year: slip.gross,
  best_monthly_semester: slip.gross,
  vacation_days_taken_this_year: 0,
  params: params('2026-09-15'),
};
const ended = common.settlement(settlementInput);
const settlementDto = {
  cause: 'despido_sin_causa',
  cause_label: 'Despido sin causa',
  end_date: '2026-09-15',
  notice_given: false,
  lines: ended.lines,
  total: ended.total,
  sources,
};

await time(
  'payslip of one month (×1000)',
  () => {
    for (let i = 0; i < 1000; i += 1)
      common.payslip({ terms, period: '2026-06', rate, zone_percent: 30, params: params('2026-06-01') });
  },
  1000,
);
await time(
  'settlement (×1000)',
  () => {
    for (let i = 0; i < 1000; i += 1) common.settlement(settlementInput);
  },
  1000,
);
await time('pay list, 12 months', () => payList(12));
await time('pay list, 120 months', () => payList(120));
let sizes = [];
await time('payslip PDF', async () => {
  sizes.push((await payslipPdf(parties, payslipDto, labels)).length);
});
console.log(`${'  payslip PDF size'.padEnd(44)} ${(median(sizes) / 1024).toFixed(1)} KiB`);
sizes = [];
await time('settlement PDF', async () => {
  sizes.push((await settlementPdf(parties, settlementDto, labels)).length);
});
console.log(`${'  settlement PDF size'.padEnd(44)} ${(median(sizes) / 1024).toFixed(1)} KiB`);
