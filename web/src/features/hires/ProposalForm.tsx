import {
  addDays,
  argentinaToday,
  formatPesosCents,
  HIRE_ARRANGEMENT_LABELS,
  HIRE_LIMITS,
  HIRE_PAY_BASES,
  HIRE_PAY_BASIS_LABELS,
  hireProposalProblems,
  parseWageAmount,
  scheduleWeeklyHours,
  WEEKDAY_LABELS,
  type FieldErrors,
  type HireArrangement,
  type HirePayBasis,
  type ScheduleSlot,
} from '@cym/common';
import { useId, useRef, useState, type FormEvent } from 'react';
import { PlacePicker, type Place } from '../../components/PlacePicker';
import { TextField } from '../../components/ui/Field';
import { ApiError, errorMessage } from '../../lib/api/errors';
import { useProfileChoices } from '../../lib/catalog';
import { useWageRules } from '../wages';
import { usePropose, type HireProposal } from './api';
import { FormGroup } from './FormGroup';
import { hoursText } from './words';

type Day = ScheduleSlot['day'];
type DayRow = { on: boolean; from: string; to: string };

const DAYS: Day[] = [1, 2, 3, 4, 5, 6, 7];
const ARRANGEMENTS: HireArrangement[] = ['con_retiro', 'sin_retiro'];
/** The fields in the order the form shows them: the first with a problem gets the focus. */
const FIELD_ORDER = ['start_date', 'services', 'arrangement', 'schedule', 'pay_basis', 'pay_amount', 'municipality_id'];

const emptyWeek = (): Record<Day, DayRow> =>
  Object.fromEntries(DAYS.map((day) => [day, { on: false, from: '08:00', to: '12:00' }])) as Record<Day, DayRow>;

/** One weekday: a checkbox, and once ticked its 'de' and 'a' times (one stretch a day, simple on a phone). */
function DayEditor({ day, row, onChange }: { day: Day; row: DayRow; onChange: (row: DayRow) => void }) {
  const id = useId();
  const name = WEEKDAY_LABELS[day - 1];
  return (
    <li className={`hire-day ${row.on ? 'hire-day--on' : ''}`}>
      <label className="choice hire-day__name">
        <input type="checkbox" checked={row.on} onChange={(event) => onChange({ ...row, on: event.target.checked })} />
        {name}
      </label>
      {row.on && (
        <span className="hire-day__times">
          <label htmlFor={`${id}-from`}>
            <span className="visually-hidden">{name}, </span>de
          </label>
          <input
            id={`${id}-from`}
            type="time"
            step={900}
            value={row.from}
            onChange={(event) => onChange({ ...row, from: event.target.value })}
          />
          <label htmlFor={`${id}-to`}>
            <span className="visually-hidden">{name}, </span>a
          </label>
          <input
            id={`${id}-to`}
            type="time"
            step={900}
            value={row.to}
            onChange={(event) => onChange({ ...row, to: event.target.value })}
          />
        </span>
      )}
    </li>
  );
}

/**
 * The employer's proposal: start date, services, modality, the week day by day (with its hours
 * live), pay and place. Checked with common's rules on sending; every problem, the form's or the
 * server's (the legal minimum included), beside its field, the first one focused.
 */
export function ProposalForm({
  conversationId,
  workerName,
  onSent,
  onCancel,
  onMembershipRequired,
}: {
  conversationId: number;
  workerName: string;
  onSent: (proposal: HireProposal) => void;
  onCancel: () => void;
  onMembershipRequired: () => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [today] = useState(() => argentinaToday(new Date()));
  const [start, setStart] = useState('');
  const [services, setServices] = useState<number[]>([]);
  const [arrangement, setArrangement] = useState<HireArrangement | null>(null);
  const [week, setWeek] = useState(emptyWeek);
  const [payBasis, setPayBasis] = useState<HirePayBasis | null>(null);
  const [amount, setAmount] = useState('');
  const [place, setPlace] = useState<Place>({ province: null, municipality: null });
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const choices = useProfileChoices().data;
  const rulesQuery = useWageRules();
  const rules = rulesQuery.data;
  const propose = usePropose();

  // Only the services the regime covers: the others have no category and the server refuses them.
  const inRegime = rules ? new Set(rules.services.filter((s) => s.category !== null).map((s) => s.service_id)) : null;
  // Shown once both lists are here (all of them if the regime's could not be read: the server says then).
  const servicesReady = Boolean(choices) && (Boolean(rules) || rulesQuery.isError);
  const serviceChoices = servicesReady ? (choices?.services ?? []).filter((s) => !inRegime || inRegime.has(s.id)) : [];
  const schedule: ScheduleSlot[] = DAYS.filter((day) => week[day].on).map((day) => ({
    day,
    from: week[day].from,
    to: week[day].to,
  }));
  const weekly = scheduleWeeklyHours(schedule);
  const pay = parseWageAmount(amount);
  const input = {
    start_date: start,
    services,
    arrangement: arrangement ?? undefined,
    schedule,
    pay_basis: payBasis ?? undefined,
    pay_amount: pay ?? undefined,
    municipality_id: place.municipality ?? undefined,
  };
  const ownErrors = tried ? hireProposalProblems(input, today) : {};
  const errors: FieldErrors = { ...serverErrors, ...ownErrors };

  /** A change clears the server's word on that field; the form's own checks follow the values. */
  const changed = (field: string) => {
    setProblem(null);
    if (serverErrors[field]) setServerErrors(({ [field]: _gone, ...rest }) => rest);
  };

  function setDay(day: Day, row: DayRow) {
    changed('schedule');
    setWeek((current) => {
      // A day ticked takes the times of the nearest ticked day before it: Monday to Friday alike in five taps.
      const before = DAYS.filter((d) => d < day && current[d].on).pop();
      const times = row.on && !current[day].on && before ? { from: current[before].from, to: current[before].to } : {};
      return { ...current, [day]: { ...row, ...times } };
    });
  }

  function focusFirstProblem(found: FieldErrors) {
    const field = FIELD_ORDER.find((name) => found[name]?.length);
    const group = field ? formRef.current?.querySelector(`[data-field="${field}"]`) : null;
    group?.querySelector<HTMLElement>('input:not([disabled]), select:not([disabled])')?.focus();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    setProblem(null);
    const found = hireProposalProblems(input, today);
    if (Object.keys(found).length) return focusFirstProblem(found);
    try {
      const proposal = await propose.mutateAsync({
        conversation_id: conversationId,
        start_date: start,
        services,
        arrangement: arrangement!,
        schedule,
        pay_basis: payBasis!,
        pay_amount: pay!,
        municipality_id: place.municipality!,
      });
      onSent(proposal);
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'MEMBERSHIP_REQUIRED') return onMembershipRequired();
      const fields = failure instanceof ApiError ? (failure.errors ?? {}) : {};
      const shown = FIELD_ORDER.filter((name) => fields[name]?.length);
      setServerErrors(fields);
      if (shown.length) focusFirstProblem(fields);
      else setProblem(errorMessage(failure, 'No pudimos enviar la propuesta. Intentá de nuevo.'));
    }
  }

  const payHint =
    pay !== null && payBasis
      ? `Son ${formatPesosCents(pay)} ${HIRE_PAY_BASIS_LABELS[payBasis].toLowerCase()}.`
      : 'Por ejemplo: 450.000 o 3.500,50. Tiene que llegar al mínimo legal para este horario: lo revisamos al enviar.';

  return (
    <form ref={formRef} className="form hire-form" onSubmit={(event) => void submit(event)} noValidate>
      <p className="hire-form__intro">
        {workerName} va a ver la propuesta en este chat y puede aceptarla o rechazarla. Completá cada parte.
      </p>
      <div data-field="start_date">
        <TextField
          label="Fecha de inicio"
          type="date"
          min={today}
          max={addDays(today, HIRE_LIMITS.startMaxDaysAhead)}
          value={start}
          errors={errors.start_date}
          hint="El primer día de trabajo."
          onChange={(event) => {
            changed('start_date');
            setStart(event.target.value);
          }}
        />
      </div>
      <FormGroup
        field="services"
        legend="Servicios"
        hint={`Elegí entre 1 y ${HIRE_LIMITS.maxServices}.`}
        errors={errors.services}
      >
        <div className="choice-list">
          {serviceChoices.map((service) => {
            const on = services.includes(service.id);
            return (
              <label key={service.id} className={`choice-chip ${on ? 'choice-chip--on' : ''}`}>
                <input
                  type="checkbox"
                  checked={on}
                  onChange={() => {
                    changed('services');
                    setServices(on ? services.filter((s) => s !== service.id) : [...services, service.id]);
                  }}
                />
                <span>{service.label}</span>
              </label>
            );
          })}
          {!servicesReady && <p className="muted">Cargando los servicios…</p>}
        </div>
      </FormGroup>
      <FormGroup field="arrangement" legend="Modalidad" errors={errors.arrangement}>
        {ARRANGEMENTS.map((value) => (
          <label key={value} className="choice">
            <input
              type="radio"
              name="hire-arrangement"
              checked={arrangement === value}
              onChange={() => {
                changed('arrangement');
                setArrangement(value);
              }}
            />
            {HIRE_ARRANGEMENT_LABELS[value]}
          </label>
        ))}
      </FormGroup>
      <FormGroup
        field="schedule"
        legend="Horario semanal"
        hint="Marcá los días de trabajo y el horario de cada uno."
        errors={errors.schedule}
      >
        <ul className="hire-week">
          {DAYS.map((day) => (
            <DayEditor key={day} day={day} row={week[day]} onChange={(row) => setDay(day, row)} />
          ))}
        </ul>
        <p className="hire-week__total" aria-live="polite">
          Total: <strong>{hoursText(weekly)} h por semana</strong>
        </p>
      </FormGroup>
      <FormGroup field="pay_basis" legend="Sueldo" errors={errors.pay_basis}>
        <div className="hire-form__row">
          {HIRE_PAY_BASES.map((value) => (
            <label key={value} className="choice">
              <input
                type="radio"
                name="hire-pay-basis"
                checked={payBasis === value}
                onChange={() => {
                  changed('pay_basis');
                  setPayBasis(value);
                }}
              />
              {HIRE_PAY_BASIS_LABELS[value]}
            </label>
          ))}
        </div>
        <div data-field="pay_amount">
          <TextField
            label="Monto en pesos"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            errors={errors.pay_amount}
            hint={payHint}
            onChange={(event) => {
              changed('pay_amount');
              setAmount(event.target.value);
            }}
          />
        </div>
      </FormGroup>
      <FormGroup field="municipality_id" legend="¿Dónde se trabaja?">
        <PlacePicker
          value={place}
          onChange={(next) => {
            changed('municipality_id');
            setPlace(next);
          }}
          provinces={choices?.provinces ?? []}
          municipalities={choices?.municipalities ?? []}
          municipalityHint="Primero elegí la provincia."
          errors={{ municipality: errors.municipality_id }}
        />
      </FormGroup>
      {problem && (
        <p className="notice notice--error" role="alert">
          {problem}
        </p>
      )}
      <div className="form__actions hire-form__actions">
        <button type="submit" className="button" disabled={propose.isPending}>
          {propose.isPending ? 'Enviando…' : 'Enviar propuesta'}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancelar
        </button>
      </div>
    </form>
  );
}
