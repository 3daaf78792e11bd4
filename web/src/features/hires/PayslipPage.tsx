import { argentinaToday, HIRE_MESSAGES, isIsoDay, parseId, type FieldErrors } from '@cym/common';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Dialog } from '../../components/ui/Dialog';
import { TextField } from '../../components/ui/Field';
import { errorMessage } from '../../lib/api/errors';
import { isNotFoundError } from '../../lib/not-found';
import { useDocumentTitle } from '../../lib/title';
import { NotFoundPage } from '../static-pages';
import {
  payslipPdfAddress,
  useAcknowledgePayslip,
  useConfirmPayslip,
  useEmployment,
  usePayslip,
  useSavePayslip,
  type Employment,
  type Payslip,
  type PayslipHours,
} from './api';
import { focusField, refusal } from './forms';
import { LaborDisclaimer, SourcesList } from './HireTermsList';
import { PayLines, PayTotals, PdfButton } from './PayLines';
import { dayText, hirePath, hoursText, moneyText, otherParty, stampText } from './words';
import './hires.css';

const PERIOD = /^\d{4}-(0[1-9]|1[0-2])$/;
const HOURS: { field: keyof PayslipHours; label: string }[] = [
  { field: 'overtime_ordinary_hours', label: 'Horas extra en días comunes' },
  { field: 'overtime_rest_hours', label: 'Horas extra en sábado después de las 13, domingo o feriado' },
  { field: 'holiday_hours', label: 'Horas trabajadas en feriados' },
];
const BASIS_TEXT: Record<Payslip['basis'], string> = {
  hourly: 'por hora',
  pro_rata: 'proporcional a la jornada completa',
  monthly: 'mensual completo',
};

type HoursText = Record<keyof PayslipHours, string>;

const hoursShown = (payslip: Payslip): HoursText => ({
  overtime_ordinary_hours: hoursText(payslip.overtime_ordinary_hours),
  overtime_rest_hours: hoursText(payslip.overtime_rest_hours),
  holiday_hours: hoursText(payslip.holiday_hours),
});

/** Hours as typed ('2', '1,5'): a number from 0 to 200 with at most two decimals, or null. */
function parseHours(text: string): number | null {
  const trimmed = text.trim() === '' ? '0' : text.trim();
  if (!/^\d{1,3}([.,]\d{1,2})?$/.test(trimmed)) return null;
  const value = Number(trimmed.replace(',', '.'));
  return value <= 200 ? value : null;
}

function Section({ title, children, className = '' }: { title: string; children: ReactNode; className?: string }) {
  const id = useId();
  return (
    <section className={`card hire-section ${className}`} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** The employer's draft and confirmation: the month's extra hours, then the day it was paid. */
function EmployerActions({ employment, payslip }: { employment: Employment; payslip: Payslip }) {
  const save = useSavePayslip();
  const confirm = useConfirmPayslip();
  const [today] = useState(() => argentinaToday(new Date()));
  const [hours, setHours] = useState<HoursText>(() => hoursShown(payslip));
  const [paidOn, setPaidOn] = useState(today);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const [confirmProblem, setConfirmProblem] = useState<string | null>(null);
  const hoursForm = useRef<HTMLFormElement>(null);
  const confirmForm = useRef<HTMLFormElement>(null);

  /** The hours typed, or their problems by field. */
  function readHours(): { values: PayslipHours | null; found: FieldErrors } {
    const found: FieldErrors = {};
    const values = {} as PayslipHours;
    for (const { field } of HOURS) {
      const value = parseHours(hours[field]);
      if (value === null) found[field] = [HIRE_MESSAGES.hoursInvalid];
      else values[field] = value;
    }
    return Object.keys(found).length ? { values: null, found } : { values, found };
  }

  const dirty = (values: PayslipHours) => HOURS.some(({ field }) => values[field] !== payslip[field]);

  /** Saves the hours typed (if they changed): true once saved or unchanged. */
  async function saveHours(): Promise<boolean> {
    const { values, found } = readHours();
    if (!values) {
      setErrors(found);
      focusField(hoursForm.current, HOURS.find(({ field }) => found[field])?.field);
      return false;
    }
    if (!dirty(values)) return true;
    try {
      const answer = await save.mutateAsync({ id: employment.id, period: payslip.period, hours: values });
      setHours(hoursShown(answer));
      setSaved('Guardamos el borrador: el recibo ya suma esas horas.');
      return true;
    } catch (failure) {
      const { fields, problem: said } = refusal(failure, 'No pudimos guardar el borrador. Intentá de nuevo.');
      setErrors(fields);
      setProblem(said);
      focusField(hoursForm.current, HOURS.find(({ field }) => fields[field])?.field);
      return false;
    }
  }

  async function submitDraft(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    setSaved(null);
    setErrors({});
    const { values } = readHours();
    if (values && !dirty(values)) return setSaved('No hay cambios para guardar.');
    await saveHours();
  }

  async function askConfirmation(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    setConfirmProblem(null);
    setErrors({});
    if (!isIsoDay(paidOn) || paidOn > today || paidOn < employment.start_date) {
      setErrors({ paid_on: [HIRE_MESSAGES.paidOnInvalid] });
      return focusField(confirmForm.current, 'paid_on');
    }
    // Hours typed but not saved go in first: the payslip confirmed is the one on the screen.
    if (await saveHours()) setAsking(true);
  }

  async function confirmNow() {
    try {
      await confirm.mutateAsync({ id: employment.id, period: payslip.period, paid_on: paidOn });
      setAsking(false);
    } catch (failure) {
      const { fields, problem: said } = refusal(failure, 'No pudimos confirmar el recibo. Intentá de nuevo.');
      if (said) return setConfirmProblem(said);
      setAsking(false);
      setErrors(fields);
      focusField(confirmForm.current, 'paid_on');
    }
  }

  return (
    <>
      <Section title="Horas extra y feriados">
        <p className="muted">
          Si en {payslip.period_label} hubo horas extra o se trabajó un feriado, cargalas y guardá el borrador: el
          recibo se vuelve a calcular. Si no hubo, dejá 0.
        </p>
        <form ref={hoursForm} className="form hire-hours" noValidate onSubmit={(event) => void submitDraft(event)}>
          {HOURS.map(({ field, label }) => (
            <TextField
              key={field}
              label={label}
              name={field}
              inputMode="decimal"
              autoComplete="off"
              value={hours[field]}
              errors={errors[field]}
              onChange={(event) => {
                setHours({ ...hours, [field]: event.target.value });
                setSaved(null);
                if (errors[field]) setErrors(({ [field]: _gone, ...rest }) => rest);
              }}
            />
          ))}
          {problem && (
            <p className="notice notice--error" role="alert">
              {problem}
            </p>
          )}
          {saved && (
            <p className="notice notice--success" role="status">
              {saved}
            </p>
          )}
          <div className="form__actions">
            <button type="submit" className="button button--secondary" disabled={save.isPending}>
              {save.isPending ? 'Guardando…' : 'Guardar borrador'}
            </button>
          </div>
        </form>
      </Section>
      <Section title="Confirmar el recibo">
        <p className="muted">
          Cuando le hayas pagado, confirmá el recibo con la fecha de pago. {employment.worker.name} lo va a ver y puede
          dar su conformidad.
        </p>
        <form
          ref={confirmForm}
          className="form hire-data__form"
          noValidate
          onSubmit={(event) => void askConfirmation(event)}
        >
          <TextField
            label="Fecha de pago"
            name="paid_on"
            type="date"
            min={employment.start_date}
            max={today}
            value={paidOn}
            errors={errors.paid_on}
            onChange={(event) => {
              setPaidOn(event.target.value);
              if (errors.paid_on) setErrors(({ paid_on: _gone, ...rest }) => rest);
            }}
          />
          <div className="form__actions">
            <button type="submit" className="button" disabled={save.isPending}>
              Confirmar recibo
            </button>
          </div>
        </form>
      </Section>
      <Dialog open={asking} title="¿Confirmar el recibo?" onClose={() => setAsking(false)}>
        <p>
          Recibo de {payslip.period_label}: neto <span className="value">{moneyText(payslip.net)}</span>, pagado el{' '}
          {isIsoDay(paidOn) ? dayText(paidOn) : paidOn}.
        </p>
        <p>
          <strong>Después de confirmarlo no se puede cambiar.</strong>
        </p>
        {confirmProblem && (
          <p className="notice notice--error" role="alert">
            {confirmProblem}
          </p>
        )}
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" data-autofocus onClick={() => setAsking(false)}>
            Cancelar
          </button>
          <button type="button" className="button" disabled={confirm.isPending} onClick={() => void confirmNow()}>
            {confirm.isPending ? 'Confirmando…' : 'Sí, confirmar'}
          </button>
        </div>
      </Dialog>
    </>
  );
}

/** The worker's 'Recibí conforme', with what it means. */
function Acknowledge({ employment, payslip }: { employment: Employment; payslip: Payslip }) {
  const acknowledge = useAcknowledgePayslip();
  const [problem, setProblem] = useState<string | null>(null);
  async function send() {
    setProblem(null);
    try {
      await acknowledge.mutateAsync({ id: employment.id, period: payslip.period });
    } catch (failure) {
      setProblem(errorMessage(failure, 'No pudimos guardar tu conformidad. Intentá de nuevo.'));
    }
  }
  return (
    <Section title="Tu conformidad" className="hire-acknowledge">
      <p>
        Si cobraste lo que dice este recibo, marcá «Recibí conforme». Queda registrado con la fecha y la hora, y{' '}
        {employment.employer.name} lo ve. Si algo no está bien, hablalo antes con {employment.employer.name}.
      </p>
      {problem && (
        <p className="notice notice--error" role="alert">
          {problem}
        </p>
      )}
      <button type="button" className="button" disabled={acknowledge.isPending} onClick={() => void send()}>
        {acknowledge.isPending ? 'Guardando…' : 'Recibí conforme'}
      </button>
    </Section>
  );
}

/** Where the payslip stands: confirmed and paid when, acknowledged when, or who it waits for. */
function Steps({ employment, payslip }: { employment: Employment; payslip: Payslip }) {
  const { role, worker, employer } = employment;
  const done = useRef<HTMLParagraphElement>(null);
  const [acknowledgedHere] = useState(() => payslip.acknowledged_at === null);
  useEffect(() => {
    // The worker's button is gone once she acknowledged: focus lands on what it says now.
    if (payslip.acknowledged_at && acknowledgedHere && role === 'worker') done.current?.focus();
  }, [payslip.acknowledged_at, acknowledgedHere, role]);
  if (!payslip.confirmed_at)
    return (
      <p className="muted">
        {role === 'worker'
          ? `${employer.name} todavía no confirmó este recibo: las cifras pueden cambiar hasta entonces.`
          : role === 'employer' && !payslip.can_edit
            ? 'La relación terminó sin que se confirmara este recibo: ya no se puede confirmar.'
            : role === 'employer'
              ? 'Todavía no lo confirmaste.'
              : 'Sin confirmar.'}
      </p>
    );
  return (
    <>
      <ul className="hire-steps-done">
        <li>
          Confirmado por {role === 'employer' ? 'vos' : employer.name} el{' '}
          <span className="value">{stampText(payslip.confirmed_at)}</span>.
        </li>
        {payslip.paid_on && (
          <li>
            Pagado el <span className="value">{dayText(payslip.paid_on)}</span>.
          </li>
        )}
        {payslip.acknowledged_at ? (
          <li>
            <p ref={done} tabIndex={-1} className="hire-steps-done__ack">
              Recibí conforme: {role === 'worker' ? 'diste' : `${worker.name} dio`} la conformidad el{' '}
              <span className="value">{stampText(payslip.acknowledged_at)}</span>.
            </p>
          </li>
        ) : (
          role !== 'worker' && <li>Falta la conformidad de {worker.name}.</li>
        )}
      </ul>
      <PdfButton
        address={payslipPdfAddress(employment.id, payslip.period)}
        filename={`recibo-${payslip.period}.pdf`}
        what={`del recibo de ${payslip.period_label}`}
      />
    </>
  );
}

function PartyLine({ as, name, id, idLabel }: { as: string; name: string; id: string | null; idLabel: string }) {
  return (
    <div>
      <dt>{as}</dt>
      <dd>
        <strong>{name}</strong>
        {id && (
          <>
            <br />
            {idLabel} <span className="value">{id}</span>
          </>
        )}
      </dd>
    </div>
  );
}

function PayslipView({ employment, payslip }: { employment: Employment; payslip: Payslip }) {
  const back = hirePath(employment.id);
  const { worker, employer } = employment;
  const { party } = otherParty(employment);
  return (
    <div className="container hire-page">
      <p className="hire-page__back">
        <Link to={back}>← Relación laboral con {party.name}</Link>
      </p>
      <header className="card hire-page__top">
        <h1>Recibo de sueldo — {payslip.period_label}</h1>
        <p>
          <span className={`badge ${payslip.acknowledged_at ? 'badge--done' : 'badge--warning'}`}>
            {payslip.state_label}
          </span>
        </p>
        <dl className="hire-payslip-parties" aria-label="Las partes">
          <PartyLine as="Empleador/a" name={employer.name} id={employment.private.employer_cuit} idLabel="CUIT/CUIL" />
          <PartyLine as="Trabajadora" name={worker.name} id={employment.private.worker_cuil} idLabel="CUIL" />
        </dl>
      </header>
      <Section title="Horas del mes">
        <dl className="details">
          <dt>Por semana</dt>
          <dd>{hoursText(payslip.weekly_hours)} h</dd>
          <dt>En el mes</dt>
          <dd>{hoursText(payslip.monthly_hours)} h</dd>
          <dt>Días pagados</dt>
          <dd>
            {payslip.days_paid} de {payslip.days_in_month}
          </dd>
          <dt>Sueldo básico</dt>
          <dd>{BASIS_TEXT[payslip.basis]}</dd>
        </dl>
      </Section>
      <Section title="Detalle">
        <PayLines lines={payslip.lines} />
        <PayTotals
          totals={[
            ['Total remunerativo', payslip.gross],
            ['No remunerativo', payslip.non_remunerative],
            ['Descuentos', payslip.deductions],
            ['Neto a cobrar', payslip.net],
          ]}
        />
        <h3>Estado</h3>
        <Steps employment={employment} payslip={payslip} />
      </Section>
      {payslip.can_edit && <EmployerActions employment={employment} payslip={payslip} />}
      {payslip.can_acknowledge && <Acknowledge employment={employment} payslip={payslip} />}
      <Section title="Fuentes">
        <p className="muted">De dónde salen las cifras de este recibo.</p>
        <SourcesList sources={payslip.sources} />
        <p className="hire-sources__text">{payslip.scale_source}</p>
        <LaborDisclaimer />
      </Section>
      <p className="hire-page__back">
        <Link to={back}>Volver a la relación laboral con {party.name}</Link>
      </p>
    </div>
  );
}

/**
 * /contrataciones/{id}/recibos/{period}: one month's payslip, its lines and totals, and what each
 * party does with it (the employer's hours and confirmation, the worker's 'Recibí conforme').
 */
export default function PayslipPage() {
  const { hireId, period = '' } = useParams();
  const id = parseId(hireId);
  const valid = id !== null && PERIOD.test(period);
  const employmentQuery = useEmployment(id ?? 0, valid);
  const query = usePayslip(id ?? 0, period, valid);
  const employment = employmentQuery.data;
  const payslip = query.data;
  useDocumentTitle(payslip ? `Recibo de sueldo — ${payslip.period_label}` : null);
  if (!valid || isNotFoundError(query.error) || isNotFoundError(employmentQuery.error)) return <NotFoundPage />;
  const failure = query.error ?? employmentQuery.error;
  if (failure)
    return (
      <section className="container not-found" role="alert">
        <h1>Recibo de sueldo</h1>
        <p>{errorMessage(failure, 'No pudimos cargar el recibo de sueldo.')}</p>
      </section>
    );
  if (!employment || !payslip)
    return (
      <div className="page-loading" role="status">
        <span className="spinner" aria-hidden="true" />
        <span className="visually-hidden">Cargando…</span>
      </div>
    );
  return <PayslipView employment={employment} payslip={payslip} />;
}
