import { useId, useRef, useState, type FormEvent, type JSX, type ReactNode } from 'react';
import {
  formatPesos,
  JOB_OFFER_LIMITS,
  JOB_OFFER_MESSAGES,
  OFFER_REQUIRED_STEPS,
  offerStepProblem,
  type JobOfferInput,
} from '@cym/common';
import { TextAreaField, TextField } from '../../components/ui/Field';
import { useStepHeading } from '../../lib/scroll';
import type { ProfileChoices } from '../worker-profile';
import { CheckboxChips, ErrorLine, SelectField } from './OfferFields';
import { OfferShiftGrid } from './OfferShiftGrid';
import { finalOffer, firstOfferProblem, OFFER_STEPS, priceDigits, priceFromDigits, startingDraft } from './offer-draft';

export { emptyOfferDraft } from './offer-draft';

export interface OfferWizardProps {
  mode: 'create' | 'edit';
  /** Edit mode: the offer converted back to ids. */
  initial?: JobOfferInput;
  choices: ProfileChoices;
  /** Saves the offer; throws Error(message) on failure. The parent closes the wizard once it resolves. */
  onSubmit: (offer: JobOfferInput) => Promise<void>;
  /** Leaves without saving ('Cancelar' on step 1, 'Salir y cancelar'). */
  onCancel: () => void;
}

const SUBMIT_FAILED = 'No pudimos guardar la oferta. Probá de nuevo.';

function stepTexts(mode: OfferWizardProps['mode']): Record<number, { title: string; hint: string }> {
  return {
    1: {
      title: mode === 'edit' ? 'Editar título de la oferta' : 'Título de la oferta',
      hint: 'Escribí en pocas palabras a quién buscás, por ejemplo: «Niñera para dos chicos».',
    },
    2: { title: '¿Qué servicios necesitás?', hint: 'Tocá cada servicio que buscás. Podés marcar más de uno.' },
    3: { title: '¿Dónde es el trabajo?', hint: 'Elegí primero la provincia, después el partido, y escribí el barrio.' },
    4: { title: '¿Cómo es el trabajo?', hint: 'Tocá la forma de trabajo que ofrecés. Podés marcar más de una.' },
    5: {
      title: 'Idiomas',
      hint: 'Marcá los idiomas que tiene que hablar la persona y, si querés, cuál es su idioma nativo.',
    },
    6: { title: '¿Qué tareas incluye?', hint: 'Tocá las tareas que va a hacer la persona en tu casa.' },
    7: {
      title: 'Presentación de la oferta',
      hint: 'Contá con tus palabras cómo es tu casa o tu familia y qué esperás de la persona.',
    },
    8: {
      title: 'Días y turnos',
      hint: 'Tocá cada cuadro del día y turno en que necesitás ayuda. Tocá un día o un turno para marcarlo entero.',
    },
    9: {
      title: 'Sueldo mensual',
      hint: 'Escribí cuánto pagás por mes, solo con números. Si preferís no decirlo, dejalo vacío.',
    },
  };
}

function countLabel(count: number): string {
  if (count === 0) return 'Todavía no elegiste ningún turno.';
  return count === 1 ? 'Elegiste 1 turno.' : `Elegiste ${count} turnos.`;
}

/**
 * The employer's nine-step job-offer wizard (spec 03 §2, §4, §5), for creating and editing.
 * It only edits a draft; saving is the parent's onSubmit. Steps 1, 2, 3, 4 and 7 must be valid
 * to continue; 'Guardar y salir' (edit) checks the whole offer and jumps to the first problem.
 */
export function OfferWizard({ mode, initial, choices, onSubmit, onCancel }: OfferWizardProps): JSX.Element {
  const [draft, setDraft] = useState<JobOfferInput>(() => startingDraft(initial, choices));
  const [priceText, setPriceText] = useState(() =>
    initial?.monthly_price === null || initial?.monthly_price === undefined ? '' : String(initial.monthly_price),
  );
  const [step, setStep] = useState(1);
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);

  const headingId = useId();
  const errorId = useId();
  // Screen readers and phones: a new step starts at its heading.
  const headingRef = useStepHeading(step);

  /** Every change clears the messages: they stay until the person changes something. */
  function update(change: (current: JobOfferInput) => JobOfferInput) {
    setDraft(change);
    setError(null);
    setFailure(null);
  }

  function goTo(next: number) {
    setError(null);
    setFailure(null);
    setStep(next);
  }

  async function submit() {
    if (busyRef.current) return;
    const problem = firstOfferProblem(draft);
    if (problem) {
      setStep(problem.step);
      setError(problem.message);
      return;
    }
    busyRef.current = true;
    setBusy(true);
    setFailure(null);
    try {
      await onSubmit(finalOffer(draft));
    } catch (caught) {
      setFailure(caught instanceof Error && caught.message ? caught.message : SUBMIT_FAILED);
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }

  function next(event: FormEvent) {
    event.preventDefault();
    if (busyRef.current) return;
    const problem = offerStepProblem(step, draft);
    if (problem) {
      setError(problem);
      return;
    }
    if (step < OFFER_STEPS) goTo(step + 1);
    else void submit();
  }

  function back() {
    if (step === 1) onCancel();
    else goTo(step - 1);
  }

  const errors = error ? [error] : undefined;
  const { location } = draft;
  const price = priceFromDigits(priceText);
  const selectedLanguages = choices.languages.filter((language) => draft.languages.includes(language.id));

  const bodies: Record<number, ReactNode> = {
    1: (
      <TextField
        label="Título"
        value={draft.title}
        maxLength={JOB_OFFER_LIMITS.title}
        autoComplete="off"
        placeholder="Ej.: Niñera para dos chicos"
        hint={`${draft.title.length}/${JOB_OFFER_LIMITS.title} caracteres`}
        errors={errors}
        onChange={(e) => update((d) => ({ ...d, title: e.target.value }))}
      />
    ),
    2: (
      <>
        <CheckboxChips
          legend="Servicios"
          choices={choices.services}
          selected={draft.services}
          errorId={error ? errorId : undefined}
          onChange={(services) => update((d) => ({ ...d, services }))}
        />
        <ErrorLine id={errorId} message={error} />
      </>
    ),
    3: (
      <>
        <SelectField
          label="Provincia"
          placeholder="Elegí la provincia"
          value={location.province}
          options={choices.provinces.map((p) => ({ id: p.id, label: p.name }))}
          invalid={Boolean(error) && location.province === null}
          describedBy={error ? errorId : undefined}
          onChange={(province) => update((d) => ({ ...d, location: { ...d.location, province, municipality: null } }))}
        />
        <SelectField
          label="Partido / localidad"
          placeholder="Elegí el partido o la localidad"
          value={location.municipality}
          disabled={location.province === null}
          hint={location.province === null ? 'Primero elegí la provincia.' : undefined}
          options={choices.municipalities
            .filter((m) => m.province.id === location.province)
            .map((m) => ({ id: m.id, label: m.name }))}
          invalid={Boolean(error) && location.municipality === null}
          describedBy={error ? errorId : undefined}
          onChange={(municipality) => update((d) => ({ ...d, location: { ...d.location, municipality } }))}
        />
        <TextField
          label="Barrio"
          value={location.neighborhood}
          maxLength={JOB_OFFER_LIMITS.neighborhood}
          autoComplete="off"
          aria-invalid={error && !location.neighborhood.trim() ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => update((d) => ({ ...d, location: { ...d.location, neighborhood: e.target.value } }))}
        />
        <ErrorLine id={errorId} message={error} />
      </>
    ),
    4: (
      <>
        <CheckboxChips
          legend="Modalidades de trabajo"
          choices={choices.arrangements}
          selected={draft.work_arrangements}
          errorId={error ? errorId : undefined}
          onChange={(work_arrangements) => update((d) => ({ ...d, work_arrangements }))}
        />
        <ErrorLine id={errorId} message={error} />
      </>
    ),
    5: (
      <>
        <CheckboxChips
          legend="Idiomas"
          choices={choices.languages}
          selected={draft.languages}
          onChange={(languages) =>
            update((d) => ({
              ...d,
              languages,
              native_language:
                d.native_language !== null && languages.includes(d.native_language) ? d.native_language : null,
            }))
          }
        />
        <SelectField
          label="Idioma nativo"
          placeholder={selectedLanguages.length ? 'Sin idioma nativo' : 'Elegí antes un idioma'}
          value={draft.native_language}
          options={selectedLanguages}
          disabled={selectedLanguages.length === 0}
          hint={
            selectedLanguages.length
              ? 'Solo podés elegir entre los idiomas que marcaste.'
              : 'Primero marcá al menos un idioma.'
          }
          invalid={Boolean(error)}
          describedBy={error ? errorId : undefined}
          onChange={(native_language) => update((d) => ({ ...d, native_language }))}
        />
        <ErrorLine id={errorId} message={error} />
      </>
    ),
    6: (
      <>
        <CheckboxChips
          legend="Tareas"
          choices={choices.tasks}
          selected={draft.tasks}
          onChange={(tasks) => update((d) => ({ ...d, tasks }))}
        />
        <ErrorLine id={errorId} message={error} />
      </>
    ),
    7: (
      <TextAreaField
        label="Presentación"
        rows={6}
        value={draft.description}
        maxLength={JOB_OFFER_LIMITS.description}
        hint={`${draft.description.length}/${JOB_OFFER_LIMITS.description} caracteres`}
        errors={errors}
        onChange={(e) => update((d) => ({ ...d, description: e.target.value }))}
      />
    ),
    8: (
      <>
        <OfferShiftGrid
          shifts={choices.shifts}
          selected={draft.work_shifts}
          onChange={(work_shifts) => update((d) => ({ ...d, work_shifts }))}
        />
        <p className="field__hint">{countLabel(draft.work_shifts.length)}</p>
        <ErrorLine id={errorId} message={error} />
      </>
    ),
    9: (
      <TextField
        label="Sueldo mensual en pesos"
        value={priceText}
        inputMode="numeric"
        autoComplete="off"
        placeholder="Ej.: 350000"
        hint={price !== null && Number.isSafeInteger(price) ? `Se va a mostrar así: ${formatPesos(price)}` : undefined}
        errors={errors}
        onChange={(e) => {
          const digits = priceDigits(e.target.value);
          setPriceText(digits);
          update((d) => ({ ...d, monthly_price: priceFromDigits(digits) }));
        }}
      />
    ),
  };

  const text = stepTexts(mode)[step];
  const required = OFFER_REQUIRED_STEPS.includes(step);
  const last = step === OFFER_STEPS;
  const finishLabel = mode === 'edit' ? 'Guardar cambios' : 'Crear oferta';

  return (
    <section className="card wizard offer-wizard" aria-labelledby={headingId}>
      <form noValidate onSubmit={next}>
        <fieldset className="offer-wizard__frame" disabled={busy}>
          <p className="wizard__counter">
            Paso {step}/{OFFER_STEPS}
          </p>
          <h2 id={headingId} ref={headingRef} tabIndex={-1} className="offer-wizard__title">
            {text?.title}
          </h2>
          <p className={required ? 'offer-wizard__badge offer-wizard__badge--required' : 'offer-wizard__badge'}>
            {required ? JOB_OFFER_MESSAGES.stepRequired : 'Opcional: podés saltearlo'}
          </p>
          <p className="offer-wizard__hint">{text?.hint}</p>
          <div className="form">{bodies[step]}</div>
          {failure && (
            <p className="notice notice--error offer-wizard__failure" role="alert">
              {failure}
            </p>
          )}
          <div className="wizard__actions">
            <button type="button" className="button button--ghost" onClick={back}>
              {step === 1 ? 'Cancelar' : 'Volver atrás'}
            </button>
            <button type="submit" className="button">
              {busy && last ? 'Guardando...' : last ? finishLabel : 'Continuar'}
            </button>
          </div>
          {mode === 'create' ? (
            <button type="button" className="link-button offer-wizard__exit" onClick={onCancel}>
              Salir y cancelar
            </button>
          ) : (
            <button type="button" className="link-button offer-wizard__exit" onClick={() => void submit()}>
              {busy && !last ? 'Guardando...' : 'Guardar y salir'}
            </button>
          )}
        </fieldset>
      </form>
    </section>
  );
}
