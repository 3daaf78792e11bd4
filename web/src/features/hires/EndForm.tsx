import {
  addDays,
  HIRE_END_CAUSE_LABELS,
  HIRE_END_CAUSES_BY_SIDE,
  HIRE_MESSAGES,
  isIsoDay,
  type FieldErrors,
  type HireEndCause,
} from '@cym/common';
import { useId, useRef, useState, type FormEvent } from 'react';
import { TextField } from '../../components/ui/Field';
import { Dialog } from '../../components/ui/Dialog';
import { useEndEmployment, type Employment } from './api';
import { Fold } from './Fold';
import { FormGroup } from './FormGroup';
import { focusField, refusal } from './forms';
import { dayText, otherParty } from './words';

/** How far ahead the last day may be (a notice running): the server's limit. */
const END_MAX_DAYS_AHEAD = 90;
const FIELD_ORDER = ['cause', 'end_date', 'vacation_days_taken'];
const END_FAILED = 'No pudimos finalizar la relación. Intentá de nuevo.';

/** One line under each cause: what it means, in the viewer's words. */
function causeHint(cause: HireEndCause, employment: Employment): string {
  switch (cause) {
    case 'renuncia':
      return 'Dejás el trabajo por decisión tuya. Corresponde avisar con anticipación (preaviso).';
    case 'despido_sin_causa':
      return 'Terminás la relación sin una causa: se pagan la indemnización y, si no diste el preaviso, su reemplazo.';
    case 'mutuo_acuerdo':
      return 'Los dos están de acuerdo en terminar la relación.';
    case 'periodo_de_prueba':
      return `Termina dentro del período de prueba (hasta el ${dayText(employment.trial_ends_on)}), sin indemnización.`;
  }
}

/**
 * 'Finalizar relación': the causes of the viewer's side, the last day worked, the notice (a
 * dismissal) and the vacation days already taken; confirmed in a dialog, as it cannot be undone.
 */
export function EndForm({
  employment,
  today,
  onEnded,
}: {
  employment: Employment;
  today: string;
  onEnded: () => void;
}) {
  const side = employment.role === 'worker' ? 'worker' : 'employer';
  // The trial period's cause only while it lasts (the server checks the day too).
  const causes = HIRE_END_CAUSES_BY_SIDE[side].filter(
    (c) => c !== 'periodo_de_prueba' || employment.status === 'trial',
  );
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();
  const end = useEndEmployment();
  const [cause, setCause] = useState<HireEndCause | null>(null);
  const [day, setDay] = useState('');
  const [notice, setNotice] = useState(false);
  const [taken, setTaken] = useState('0');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const latest = addDays(today, END_MAX_DAYS_AHEAD);
  const { party } = otherParty(employment);

  function problems(): FieldErrors {
    const found: FieldErrors = {};
    if (!cause) found.cause = [HIRE_MESSAGES.causeInvalid];
    if (!isIsoDay(day) || day < employment.start_date || day > latest) found.end_date = [HIRE_MESSAGES.endDateInvalid];
    else if (cause === 'periodo_de_prueba' && day > employment.trial_ends_on) found.cause = [HIRE_MESSAGES.trialOver];
    if (!/^\d{1,2}$/.test(taken.trim()) || Number(taken) > 35)
      found.vacation_days_taken = [HIRE_MESSAGES.vacationTakenInvalid];
    return found;
  }

  function showProblems(found: FieldErrors) {
    setErrors(found);
    focusField(
      formRef.current,
      FIELD_ORDER.find((name) => found[name]?.length),
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    const found = problems();
    if (Object.keys(found).length) return showProblems(found);
    setErrors({});
    setAsking(true);
  }

  async function confirm() {
    try {
      await end.mutateAsync({
        id: employment.id,
        body: {
          cause: cause!,
          end_date: day,
          notice_given: cause === 'despido_sin_causa' && notice,
          vacation_days_taken: Number(taken),
        },
      });
      setAsking(false);
      onEnded();
    } catch (failure) {
      const { fields, problem: said } = refusal(failure, END_FAILED);
      if (said) return setProblem(said);
      setAsking(false);
      showProblems(fields);
    }
  }

  const changed = (field: string) => {
    setProblem(null);
    if (errors[field]) setErrors(({ [field]: _gone, ...rest }) => rest);
  };

  return (
    <Fold title="Finalizar relación" className="hire-end">
      <p className="muted">
        Si la relación con {party.name} termina, cargalo acá: calculamos la liquidación final con cada concepto y le
        avisamos a {party.name} por e-mail.
      </p>
      <form ref={formRef} className="form hire-form hire-end__form" noValidate onSubmit={submit}>
        <FormGroup field="cause" legend="Motivo" errors={errors.cause}>
          {causes.map((value) => (
            <div key={value} className="hire-cause">
              <label className="choice">
                <input
                  type="radio"
                  name="cause"
                  value={value}
                  checked={cause === value}
                  aria-describedby={`${id}-${value}`}
                  onChange={() => {
                    changed('cause');
                    setCause(value);
                  }}
                />
                {HIRE_END_CAUSE_LABELS[value]}
              </label>
              <p id={`${id}-${value}`} className="field__hint hire-cause__hint">
                {causeHint(value, employment)}
              </p>
            </div>
          ))}
        </FormGroup>
        <TextField
          label="Último día trabajado"
          name="end_date"
          type="date"
          min={employment.start_date}
          max={latest}
          value={day}
          errors={errors.end_date}
          hint="Si todavía corre el preaviso, el último día que se va a trabajar."
          onChange={(event) => {
            changed('end_date');
            setDay(event.target.value);
          }}
        />
        {cause === 'despido_sin_causa' && (
          <label className="choice hire-end__notice">
            <input
              type="checkbox"
              name="notice_given"
              checked={notice}
              onChange={(event) => setNotice(event.target.checked)}
            />
            Di el preaviso en término
          </label>
        )}
        <TextField
          label="Días de vacaciones ya tomados este año"
          name="vacation_days_taken"
          inputMode="numeric"
          autoComplete="off"
          value={taken}
          errors={errors.vacation_days_taken}
          hint="Si no se tomó ninguno, dejá 0."
          onChange={(event) => {
            changed('vacation_days_taken');
            setTaken(event.target.value);
          }}
        />
        <div className="form__actions">
          <button type="submit" className="button">
            Finalizar la relación
          </button>
        </div>
      </form>
      <Dialog open={asking} title="¿Finalizar la relación laboral?" onClose={() => setAsking(false)}>
        {asking && cause && isIsoDay(day) && (
          <>
            <p>
              Relación con {party.name}: {HIRE_END_CAUSE_LABELS[cause].toLowerCase()}
              {cause === 'despido_sin_causa' && (notice ? ', con preaviso en término' : ', sin preaviso en término')},
              último día trabajado el {dayText(day)}. Calculamos la liquidación final y les avisamos a los dos por
              e-mail.
            </p>
            <p>
              <strong>No se puede deshacer.</strong>
            </p>
            {problem && (
              <p className="notice notice--error" role="alert">
                {problem}
              </p>
            )}
            <div className="dialog__actions">
              {/* It cannot be undone: focus starts on the way back. */}
              <button
                type="button"
                className="button button--secondary"
                data-autofocus
                onClick={() => setAsking(false)}
              >
                Cancelar
              </button>
              <button type="button" className="button" disabled={end.isPending} onClick={() => void confirm()}>
                {end.isPending ? 'Finalizando…' : 'Sí, finalizar'}
              </button>
            </div>
          </>
        )}
      </Dialog>
    </Fold>
  );
}
