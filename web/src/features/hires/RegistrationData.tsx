import {
  argentinaToday,
  cuilValid,
  HIRE_ARRANGEMENT_LABELS,
  HIRE_MESSAGES,
  isIsoDay,
  type FieldErrors,
} from '@cym/common';
import { useState, type FormEvent, type ReactNode } from 'react';
import { TextField } from '../../components/ui/Field';
import { useSetEmployerData, useSetRegistration, useSetWorkerCuil, type Employment } from './api';
import { focusField, refusal } from './forms';
import { dayText, hoursText } from './words';

const ARCA_URL = 'https://www.arca.gob.ar/casasparticulares/';
const SAVE_FAILED = 'No pudimos guardar los datos. Intentá de nuevo.';

/** An example number kept on one line: its dashes do not break (U+2011). */
const example = (number: string) => number.replace(/-/g, '\u2011');

/** A small form of the section: its fields, the problem that is no field's, the button and the 'saved' line. */
function SmallForm({
  onSubmit,
  problem,
  saved,
  pending,
  button,
  children,
}: {
  onSubmit: (form: HTMLFormElement) => Promise<void>;
  problem: string | null;
  saved: string | null;
  pending: boolean;
  button: string;
  children: ReactNode;
}) {
  return (
    <form
      className="form hire-data__form"
      noValidate
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        void onSubmit(event.currentTarget);
      }}
    >
      {children}
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
        <button type="submit" className="button" disabled={pending}>
          {pending ? 'Guardando…' : button}
        </button>
      </div>
    </form>
  );
}

/** The worker's CUIL, which the employer needs to register her. */
function WorkerCuilForm({ employment }: { employment: Employment }) {
  const save = useSetWorkerCuil();
  const [cuil, setCuil] = useState(employment.private.worker_cuil ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  async function submit(form: HTMLFormElement) {
    setProblem(null);
    setSaved(null);
    if (!cuilValid(cuil)) {
      setErrors({ cuil: [HIRE_MESSAGES.cuilInvalid] });
      return focusField(form, 'cuil');
    }
    setErrors({});
    try {
      const answer = await save.mutateAsync({ id: employment.id, cuil });
      setCuil(answer.private.worker_cuil ?? cuil);
      setSaved('Guardamos tu CUIL.');
    } catch (failure) {
      const { fields, problem: said } = refusal(failure, SAVE_FAILED);
      setErrors(fields);
      setProblem(said);
      if (fields.cuil) focusField(form, 'cuil');
    }
  }
  return (
    <SmallForm onSubmit={submit} problem={problem} saved={saved} pending={save.isPending} button="Guardar CUIL">
      <TextField
        label="Tu CUIL"
        name="cuil"
        inputMode="numeric"
        autoComplete="off"
        value={cuil}
        errors={errors.cuil}
        hint={`Tu CUIL lo necesita tu empleador para registrarte en ARCA. Solo lo ven vos, tu empleador y el equipo. Son 11 números, por ejemplo ${example('27-12345678-0')}.`}
        onChange={(event) => {
          setCuil(event.target.value);
          setErrors({});
          setSaved(null);
        }}
      />
    </SmallForm>
  );
}

/** The employer's CUIT (or CUIL) and the address where the work is done. */
function EmployerDataForm({ employment }: { employment: Employment }) {
  const save = useSetEmployerData();
  const [cuit, setCuit] = useState(employment.private.employer_cuit ?? '');
  const [address, setAddress] = useState(employment.private.work_address ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  async function submit(form: HTMLFormElement) {
    setProblem(null);
    setSaved(null);
    const found: FieldErrors = {};
    const trimmed = address.trim();
    if (!cuilValid(cuit)) found.cuit = [HIRE_MESSAGES.cuitInvalid];
    if (trimmed.length < 5 || trimmed.length > 300) found.work_address = [HIRE_MESSAGES.addressInvalid];
    setErrors(found);
    if (Object.keys(found).length) return focusField(form, found.cuit ? 'cuit' : 'work_address');
    try {
      const answer = await save.mutateAsync({ id: employment.id, cuit, work_address: trimmed });
      setCuit(answer.private.employer_cuit ?? cuit);
      setAddress(answer.private.work_address ?? trimmed);
      setSaved('Guardamos tus datos.');
    } catch (failure) {
      const { fields, problem: said } = refusal(failure, SAVE_FAILED);
      setErrors(fields);
      setProblem(said);
      focusField(form, fields.cuit ? 'cuit' : fields.work_address ? 'work_address' : undefined);
    }
  }
  return (
    <SmallForm onSubmit={submit} problem={problem} saved={saved} pending={save.isPending} button="Guardar mis datos">
      <TextField
        label="Tu CUIT o CUIL"
        name="cuit"
        inputMode="numeric"
        autoComplete="off"
        value={cuit}
        errors={errors.cuit}
        hint={`Son 11 números, por ejemplo ${example('20-12345678-6')}.`}
        onChange={(event) => {
          setCuit(event.target.value);
          setErrors(({ cuit: _gone, ...rest }) => rest);
          setSaved(null);
        }}
      />
      <TextField
        label="Dirección donde se trabaja"
        name="work_address"
        autoComplete="street-address"
        maxLength={300}
        value={address}
        errors={errors.work_address}
        hint="Calle, número, piso y departamento, localidad."
        onChange={(event) => {
          setAddress(event.target.value);
          setErrors(({ work_address: _gone, ...rest }) => rest);
          setSaved(null);
        }}
      />
    </SmallForm>
  );
}

/** 'Ya hice el alta': the day the employer registered the worker in ARCA, up to today. */
function RegistrationForm({ employment }: { employment: Employment }) {
  const save = useSetRegistration();
  const [today] = useState(() => argentinaToday(new Date()));
  const [day, setDay] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  async function submit(form: HTMLFormElement) {
    setProblem(null);
    if (!isIsoDay(day) || day > today) {
      setErrors({ registered_on: [HIRE_MESSAGES.registeredInvalid] });
      return focusField(form, 'registered_on');
    }
    setErrors({});
    try {
      await save.mutateAsync({ id: employment.id, registered_on: day });
    } catch (failure) {
      const { fields, problem: said } = refusal(failure, SAVE_FAILED);
      setErrors(fields);
      setProblem(said);
      if (fields.registered_on) focusField(form, 'registered_on');
    }
  }
  return (
    <SmallForm onSubmit={submit} problem={problem} saved={null} pending={save.isPending} button="Ya hice el alta">
      <TextField
        label="Fecha del alta"
        name="registered_on"
        type="date"
        max={today}
        value={day}
        errors={errors.registered_on}
        onChange={(event) => {
          setDay(event.target.value);
          setErrors({});
        }}
      />
    </SmallForm>
  );
}

/** 'Alta informada el …', or who still has to do it (before the first day, while it can be done). */
function RegistrationState({ employment }: { employment: Employment }) {
  if (employment.registered_on)
    return (
      <p className="notice notice--success hire-data__done">Alta informada el {dayText(employment.registered_on)}.</p>
    );
  const who =
    employment.role === 'worker'
      ? 'Tu empleador todavía no informó'
      : employment.role === 'employer'
        ? 'Todavía no informaste'
        : `${employment.employer.name} todavía no informó`;
  return (
    <p className="muted">
      {who} el alta en ARCA.
      {employment.status !== 'ended' &&
        ` Hay que hacerla antes del primer día de trabajo, el ${dayText(employment.start_date)}.`}
    </p>
  );
}

/** The employer's steps to register the worker in ARCA, with the terms the form there asks for. */
function ArcaSteps({ employment, open }: { employment: Employment; open: boolean }) {
  const { terms, worker } = employment;
  const cuil = employment.private.worker_cuil;
  const cuit = employment.private.employer_cuit;
  return (
    <ol className="hire-steps">
      <li>
        <h4>Qué necesitás</h4>
        <ul>
          <li>
            El CUIL de {worker.name}: {cuil ? <span className="value">{cuil}</span> : 'todavía no lo cargó.'}
          </li>
          <li>Su nombre completo, fecha de nacimiento, domicilio y obra social: preguntáselos.</li>
          <li>Tu CUIT o CUIL: {cuit ? <span className="value">{cuit}</span> : 'cargalo arriba.'}</li>
          <li>
            Categoría: {terms.category_name}. Modalidad: {HIRE_ARRANGEMENT_LABELS[terms.arrangement]}. Horas por semana:{' '}
            {hoursText(terms.weekly_hours)}.
          </li>
        </ul>
      </li>
      <li>
        <h4>Cuándo</h4>
        <p>Antes del primer día de trabajo: el {dayText(terms.start_date)}.</p>
      </li>
      <li>
        <h4>Dónde</h4>
        <p>
          En el Registro Especial de Personal de Casas Particulares de ARCA, con tu clave fiscal:{' '}
          <a href={ARCA_URL} target="_blank" rel="noopener noreferrer">
            ir al sitio de ARCA
          </a>
          .
        </p>
      </li>
      <li>
        <h4>Avisá acá</h4>
        {employment.registered_on || !open ? (
          <RegistrationState employment={employment} />
        ) : (
          <>
            <p>Cuando hayas hecho el alta, contanos la fecha: {worker.name} la va a ver acá.</p>
            <RegistrationForm employment={employment} />
          </>
        )}
      </li>
    </ol>
  );
}

/** A value of the other side, or that it is missing. */
function Given({ label, value, missing }: { label: string; value: string | null; missing: string }) {
  return (
    <p>
      {label}: {value ? <span className="value">{value}</span> : <span className="muted">{missing}</span>}
    </p>
  );
}

/**
 * 'Datos para el registro', private to the parties (and the team): the worker's CUIL, the
 * employer's CUIT and address of work, and for the employer the steps of the registration in ARCA.
 * Once the relationship ended, what was given stays readable and nothing is asked.
 */
export function RegistrationData({ employment }: { employment: Employment }) {
  const open = employment.status !== 'ended';
  const given = employment.private;
  const { worker, employer } = employment;
  if (employment.role === 'worker')
    return (
      <>
        {open ? (
          <WorkerCuilForm employment={employment} />
        ) : (
          <Given label="Tu CUIL" value={given.worker_cuil} missing="No lo cargaste." />
        )}
        <RegistrationState employment={employment} />
      </>
    );
  if (employment.role === 'employer')
    return (
      <>
        <Given label={`CUIL de ${worker.name}`} value={given.worker_cuil} missing="Todavía no lo cargó." />
        <h3>Tus datos</h3>
        {open ? (
          <EmployerDataForm employment={employment} />
        ) : (
          <>
            <Given label="Tu CUIT o CUIL" value={given.employer_cuit} missing="No lo cargaste." />
            <Given label="Dirección donde se trabaja" value={given.work_address} missing="No la cargaste." />
          </>
        )}
        <h3>Registro en ARCA</h3>
        <ArcaSteps employment={employment} open={open} />
      </>
    );
  return (
    <>
      <Given label={`CUIL de ${worker.name}`} value={given.worker_cuil} missing="Sin cargar." />
      <Given label={`CUIT o CUIL de ${employer.name}`} value={given.employer_cuit} missing="Sin cargar." />
      <Given label="Dirección donde se trabaja" value={given.work_address} missing="Sin cargar." />
      <RegistrationState employment={employment} />
    </>
  );
}
