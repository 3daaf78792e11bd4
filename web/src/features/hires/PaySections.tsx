import { argentinaToday, HIRE_MESSAGES, isIsoDay, type FieldErrors } from '@cym/common';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { TextField } from '../../components/ui/Field';
import { errorMessage } from '../../lib/api/errors';
import {
  settlementPdfAddress,
  useMarkContribution,
  usePay,
  type Contribution,
  type Employment,
  type EmploymentPay,
  type PayslipSummary,
  type Settlement,
} from './api';
import { EndForm } from './EndForm';
import { Fold } from './Fold';
import { focusField, refusal } from './forms';
import { LaborDisclaimer, SourcesList } from './HireTermsList';
import { PayLines, PayTotals, PdfButton } from './PayLines';
import { capitalized, dayText, moneyText, payslipPath, semesterText } from './words';

const PAYSLIP_BADGES: Record<PayslipSummary['state'], string> = {
  pendiente: 'badge--neutral',
  borrador: 'badge--neutral',
  confirmado: 'badge--warning',
  recibido: 'badge--done',
};

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** What a month's payslip waits for from the viewer, or null. */
function payslipNeed(employment: Employment, payslip: PayslipSummary, thisMonth: string): string | null {
  if (employment.role === 'worker' && payslip.state === 'confirmado') return 'Falta tu «Recibí conforme»';
  // A finished month not confirmed yet (an ended relationship's payslips cannot change any more).
  if (
    employment.role === 'employer' &&
    employment.ended_on === null &&
    (payslip.state === 'pendiente' || payslip.state === 'borrador') &&
    payslip.period < thisMonth
  )
    return 'Falta confirmarlo';
  return null;
}

/** 'Recibos de sueldo': every month, newest first, each opening its payslip. */
function Payslips({ employment, pay, today }: { employment: Employment; pay: EmploymentPay; today: string }) {
  const thisMonth = today.slice(0, 7);
  const waiting = pay.payslips.filter((p) => payslipNeed(employment, p, thisMonth) !== null).length;
  const note =
    waiting === 0
      ? null
      : employment.role === 'worker'
        ? plural(waiting, 'espera tu conformidad', 'esperan tu conformidad')
        : `${waiting} para confirmar`;
  const latest = pay.payslips[0];
  return (
    <Fold
      title="Recibos de sueldo"
      note={note}
      urgent
      summary={
        latest ? (
          <p className="muted">
            {capitalized(latest.period_label)}: neto {moneyText(latest.net)} ({latest.state_label.toLowerCase()}).
          </p>
        ) : null
      }
    >
      {pay.payslips.length === 0 ? (
        <p className="muted">Todavía no hay meses para liquidar.</p>
      ) : (
        <>
          <p className="muted">
            {employment.role === 'employer'
              ? 'Cada mes: revisá el recibo, cargá las horas extra si las hubo y confirmalo con la fecha de pago.'
              : employment.role === 'worker'
                ? 'Cada mes tu empleador confirma el recibo; después vos das tu conformidad.'
                : 'Los recibos de cada mes.'}
          </p>
          <ul className="hire-months">
            {pay.payslips.map((payslip) => {
              const need = payslipNeed(employment, payslip, thisMonth);
              return (
                <li key={payslip.period} className={need ? 'hire-month hire-month--needs' : 'hire-month'}>
                  <Link className="hire-month__link" to={payslipPath(employment.id, payslip.period)}>
                    <span className="hire-month__head">
                      <strong>{capitalized(payslip.period_label)}</strong>
                      <span className={`badge ${PAYSLIP_BADGES[payslip.state]}`}>{payslip.state_label}</span>
                    </span>
                    <span className="hire-month__figures">
                      Bruto <span className="value">{moneyText(payslip.gross)}</span> · Neto{' '}
                      <span className="value">{moneyText(payslip.net)}</span>
                    </span>
                    {need && <span className="hire-month__need">{need}</span>}
                    {!need && payslip.period === thisMonth && <span className="muted">Mes en curso</span>}
                  </Link>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </Fold>
  );
}

/** The employer's 'Marcar como pagado' of one month: the day (today unless changed), checked here first. */
function ContributionPaid({
  employment,
  month,
  today,
}: {
  employment: Employment;
  month: Contribution;
  today: string;
}) {
  const mark = useMarkContribution();
  const [day, setDay] = useState(today);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setProblem(null);
    if (!isIsoDay(day) || day > today || day < `${month.period}-01`) {
      setErrors({ paid_on: [HIRE_MESSAGES.paidOnInvalid] });
      return focusField(form, 'paid_on');
    }
    setErrors({});
    try {
      await mark.mutateAsync({ id: employment.id, period: month.period, paid_on: day });
    } catch (failure) {
      const { fields, problem: said } = refusal(failure, 'No pudimos marcar el pago. Intentá de nuevo.');
      setErrors(fields);
      setProblem(said);
      if (fields.paid_on) focusField(form, 'paid_on');
    }
  }
  return (
    <form className="form hire-paid-form" noValidate onSubmit={(event) => void submit(event)}>
      <TextField
        label={`Fecha de pago de ${month.period_label}`}
        name="paid_on"
        type="date"
        min={`${month.period}-01`}
        max={today}
        value={day}
        errors={errors.paid_on}
        onChange={(event) => {
          setDay(event.target.value);
          setErrors({});
        }}
      />
      {problem && (
        <p className="notice notice--error" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="button" disabled={mark.isPending}>
        {mark.isPending ? 'Guardando…' : 'Marcar como pagado'}
        <span className="visually-hidden"> {month.period_label}</span>
      </button>
    </form>
  );
}

/** 'Aportes a ARCA': each month's payment for the weekly hours' bracket, its due date and whether it was paid. */
function Contributions({ employment, pay, today }: { employment: Employment; pay: EmploymentPay; today: string }) {
  const late = pay.contributions.filter((c) => c.paid_on === null && c.due_date < today);
  const next = [...pay.contributions].reverse().find((c) => c.paid_on === null && c.due_date >= today);
  const isWorker = employment.role === 'worker';
  return (
    <Fold
      title="Aportes a ARCA"
      note={late.length ? plural(late.length, 'mes vencido', 'meses vencidos') : null}
      urgent
      summary={
        next ? (
          <p className="muted">
            Próximo vencimiento: {dayText(next.due_date)}, {moneyText(next.amount)} ({next.period_label}).
          </p>
        ) : null
      }
    >
      <p className="muted">
        {isWorker
          ? 'Tu empleador paga cada mes tus aportes a ARCA: la obra social, la jubilación (contribución) y la ART. Acá ves si figuran pagos.'
          : employment.role === 'employer'
            ? 'Cada mes pagás en ARCA el aporte (obra social), la contribución (jubilación) y la ART según las horas semanales. Cuando lo pagues, marcalo acá: la trabajadora lo ve.'
            : 'Los pagos mensuales a ARCA de la relación.'}
      </p>
      {pay.contributions.length === 0 && <p className="muted">Todavía no hay meses con aportes.</p>}
      <ul className="hire-months">
        {pay.contributions.map((month) => {
          const overdue = month.paid_on === null && month.due_date < today;
          return (
            <li key={month.period} className={overdue ? 'hire-month hire-month--late' : 'hire-month'}>
              <div className="hire-month__body">
                <span className="hire-month__head">
                  <strong>{capitalized(month.period_label)}</strong>
                  <span className="value">{moneyText(month.amount)}</span>
                </span>
                <span className="hire-month__formula">
                  {month.bracket}: aporte {moneyText(month.aporte)} + contribución {moneyText(month.contribucion)} + ART{' '}
                  {moneyText(month.art)}.
                </span>
                {month.paid_on ? (
                  <span className="hire-month__paid">
                    {isWorker
                      ? `Tus aportes de ${month.period_label} están pagos: pagado el ${dayText(month.paid_on)}.`
                      : `Pagado el ${dayText(month.paid_on)}.`}
                  </span>
                ) : overdue ? (
                  <span className="hire-month__need">
                    Venció el {dayText(month.due_date)}
                    {isWorker ? ': todavía no figura el pago.' : ' y no está marcado como pagado.'}
                  </span>
                ) : (
                  <span>
                    Vence el {dayText(month.due_date)}.{isWorker && ' Todavía no figura el pago.'}
                  </span>
                )}
              </div>
              {employment.role === 'employer' && month.paid_on === null && (
                <ContributionPaid employment={employment} month={month} today={today} />
              )}
            </li>
          );
        })}
      </ul>
      <LaborDisclaimer />
    </Fold>
  );
}

/** 'Aguinaldo': each semester's half of the best month, with its due date. */
function Aguinaldo({ pay }: { pay: EmploymentPay }) {
  const latest = pay.sac[0];
  return (
    <Fold
      title="Aguinaldo"
      summary={
        latest ? (
          <p className="muted">
            {semesterText(latest.semester)}: {moneyText(latest.line.amount)}, se paga hasta el{' '}
            {dayText(latest.due_date)}.
          </p>
        ) : null
      }
    >
      <p className="muted">
        El aguinaldo (sueldo anual complementario) es la mitad del mejor sueldo de cada semestre, proporcional a los
        días trabajados. Se paga hasta el 30 de junio y el 18 de diciembre.
      </p>
      {pay.sac.length === 0 && <p className="muted">Todavía no hay aguinaldo calculado.</p>}
      <ul className="hire-periods">
        {pay.sac.map((sac) => (
          <li key={sac.semester}>
            <h3>{semesterText(sac.semester)}</h3>
            <PayLines lines={[sac.line]} />
            <p>
              Se paga hasta el <span className="value">{dayText(sac.due_date)}</span>.
            </p>
          </li>
        ))}
      </ul>
      <LaborDisclaimer />
    </Fold>
  );
}

/** 'Vacaciones': each year's days, the window to take them and their pay. */
function Vacations({ employment, pay }: { employment: Employment; pay: EmploymentPay }) {
  const latest = pay.vacations[0];
  return (
    <Fold
      title="Vacaciones"
      summary={
        latest ? (
          <p className="muted">
            {latest.year}: {plural(latest.days, 'día', 'días')}, entre el {dayText(latest.from)} y el{' '}
            {dayText(latest.to)}.
          </p>
        ) : null
      }
    >
      {pay.vacations.length === 0 && (
        <p className="muted">
          {employment.ended_on
            ? 'Las vacaciones no tomadas están en la liquidación final.'
            : 'Todavía no hay vacaciones calculadas.'}
        </p>
      )}
      <ul className="hire-periods">
        {pay.vacations.map((vacation) => (
          <li key={vacation.year}>
            <h3>Vacaciones {vacation.year}</h3>
            <p>
              <strong>{plural(vacation.days, 'día', 'días')}</strong>{' '}
              {vacation.rule === 'full'
                ? 'según la antigüedad al 31 de diciembre.'
                : 'proporcionales: con menos de seis meses trabajados en el año, corresponde un día cada 20 trabajados.'}
            </p>
            <p>
              Se toman entre el <span className="value">{dayText(vacation.from)}</span> y el{' '}
              <span className="value">{dayText(vacation.to)}</span>.
            </p>
            <PayLines lines={[vacation.pay]} showUsed />
          </li>
        ))}
      </ul>
      <LaborDisclaimer />
    </Fold>
  );
}

/** 'Liquidación final': every line with how it was reached, the total, the sources and its PDF. */
function SettlementSection({
  employment,
  settlement,
  focus,
}: {
  employment: Employment;
  settlement: Settlement;
  focus: boolean;
}) {
  return (
    <Fold
      title="Liquidación final"
      open
      focus={focus}
      className="hire-settlement"
      summary={
        <p className="muted">
          {settlement.cause_label}, último día trabajado el {dayText(settlement.end_date)}: total{' '}
          {moneyText(settlement.total)}.
        </p>
      }
    >
      {settlement.cause === 'despido_sin_causa' && (
        <p>
          {settlement.notice_given
            ? 'El empleador dio el preaviso en término.'
            : 'Sin preaviso en término: se pagan la indemnización por falta de preaviso y la integración del mes.'}
        </p>
      )}
      <PayLines lines={settlement.lines} />
      <PayTotals totals={[['Total a pagar', settlement.total]]} />
      <PdfButton
        address={settlementPdfAddress(employment.id)}
        filename={`liquidacion-final-${employment.id}.pdf`}
        what="de la liquidación final"
      />
      <h3>Fuentes</h3>
      <SourcesList sources={settlement.sources} />
      <LaborDisclaimer />
    </Fold>
  );
}

/**
 * The relationship's money, below its terms: payslips, ARCA payments, aguinaldo, vacations, and
 * the end (the form while it lasts, the settlement after).
 */
export function PaySections({ employment }: { employment: Employment }) {
  const [today] = useState(() => argentinaToday(new Date()));
  const [justEnded, setJustEnded] = useState(false);
  const query = usePay(employment.id, true);
  const pay = query.data;
  if (!pay)
    return query.isError ? (
      <p className="notice notice--error" role="alert">
        {errorMessage(query.error, 'No pudimos cargar los recibos y pagos de la relación.')}
      </p>
    ) : (
      <p className="muted" role="status">
        Cargando recibos y pagos…
      </p>
    );
  const party = employment.role === 'worker' || employment.role === 'employer';
  return (
    <>
      {pay.settlement && <SettlementSection employment={employment} settlement={pay.settlement} focus={justEnded} />}
      <Payslips employment={employment} pay={pay} today={today} />
      <Contributions employment={employment} pay={pay} today={today} />
      <Aguinaldo pay={pay} />
      <Vacations employment={employment} pay={pay} />
      {party && !pay.settlement && employment.ended_on === null && (
        <EndForm employment={employment} today={today} onEnded={() => setJustEnded(true)} />
      )}
    </>
  );
}
