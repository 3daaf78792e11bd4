import { useEffect, useId, useRef, useState, type FormEvent, type JSX, type MouseEvent, type ReactNode } from 'react';
import {
  JOB_OFFER_MESSAGES,
  OFFER_REQUIRED_STEPS,
  offerStepProblem,
  type JobOfferInput,
  type WageRules,
} from '@cym/common';
import { useStepHeading } from '../../lib/scroll';
import type { ProfileChoices } from '../worker-profile';
import { finalOffer, firstOfferProblem, OFFER_STEPS, startingDraft } from './offer-draft';
import {
  ChipsStep,
  DescriptionStep,
  LanguagesStep,
  PlaceStep,
  PriceStep,
  ShiftsStep,
  TitleStep,
  type OfferStepProps,
} from './OfferSteps';
import { errorMessage } from '../../lib/api/errors';
import './offer-wizard.css';

export { emptyOfferDraft } from './offer-draft';

export interface OfferWizardProps {
  mode: 'create' | 'edit';
  /** Edit mode: the offer converted back to ids. */
  initial?: JobOfferInput;
  choices: ProfileChoices;
  /** Saves the offer; throws Error(message) on failure. The parent closes the wizard once it resolves. */
  onSubmit: (offer: JobOfferInput) => Promise<void>;
  /** Leaves without saving ('Cancelar' on step 1, 'Salir y cancelar'), after a confirmation when something changed. */
  onCancel: () => void;
  /** The legal minimum wage's rules: the price step shows the minimum and warns below it. */
  wageRules?: WageRules | null;
}

const SUBMIT_FAILED = 'No pudimos guardar la oferta. Probá de nuevo.';

/** The question before leaving a changed draft: nothing typed is lost without asking. */
export const OFFER_EXIT_CONFIRM = {
  title: '¿Salir sin guardar?',
  create: 'Se va a perder todo lo que cargaste en esta oferta.',
  edit: 'Se van a perder los cambios que hiciste en esta oferta.',
  keep: 'Seguir editando',
  leave: 'Salir sin guardar',
} as const;

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

/**
 * The employer's nine-step job-offer wizard, for creating and editing. It only edits a draft;
 * saving is the parent's onSubmit. Steps 1, 2, 3, 4 and 7 must be valid to continue;
 * 'Guardar y salir' (edit) checks the whole offer and jumps to the first problem.
 */
export function OfferWizard({ mode, initial, choices, onSubmit, onCancel, wageRules }: OfferWizardProps): JSX.Element {
  const [draft, setDraft] = useState<JobOfferInput>(() => startingDraft(initial, choices));
  // What the wizard opened with: leaving an unchanged draft needs no confirmation.
  const [startJson] = useState(() => JSON.stringify(draft));
  const [confirmingExit, setConfirmingExit] = useState(false);
  const keepEditingRef = useRef<HTMLButtonElement>(null);
  const exitOpenerRef = useRef<HTMLElement | null>(null);
  const confirmTitleId = useId();
  const confirmTextId = useId();
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
  // Opened in place of the account page: focus starts at its first step's title, not on <body>.
  const headingRef = useStepHeading(step, true);

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
      setFailure(errorMessage(caught, SUBMIT_FAILED));
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

  /** 'Cancelar' (step 1) and 'Salir y cancelar': leave at once when nothing changed, else ask first. */
  function exit(opener: HTMLElement) {
    const changed = JSON.stringify(draft) !== startJson || priceText !== (initial?.monthly_price?.toString() ?? '');
    if (!changed) {
      onCancel();
      return;
    }
    exitOpenerRef.current = opener;
    setConfirmingExit(true);
  }

  function keepEditing() {
    setConfirmingExit(false);
    // Back on the control that asked (it is drawn again once the question closes).
    requestAnimationFrame(() => exitOpenerRef.current?.focus());
  }

  useEffect(() => {
    if (confirmingExit) keepEditingRef.current?.focus();
  }, [confirmingExit]);

  function back(event: MouseEvent<HTMLButtonElement>) {
    if (step === 1) exit(event.currentTarget);
    else goTo(step - 1);
  }

  const stepProps: OfferStepProps = { draft, update, choices, error, errorId };
  const bodies: Record<number, ReactNode> = {
    1: <TitleStep {...stepProps} />,
    2: <ChipsStep {...stepProps} list="services" legend="Servicios" options={choices.services} />,
    3: <PlaceStep {...stepProps} />,
    4: (
      <ChipsStep
        {...stepProps}
        list="work_arrangements"
        legend="Modalidades de trabajo"
        options={choices.arrangements}
      />
    ),
    5: <LanguagesStep {...stepProps} />,
    6: <ChipsStep {...stepProps} list="tasks" legend="Tareas" options={choices.tasks} />,
    7: <DescriptionStep {...stepProps} />,
    8: <ShiftsStep {...stepProps} />,
    9: <PriceStep {...stepProps} text={priceText} onText={setPriceText} wageRules={wageRules} />,
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
          <div className="offer-wizard__controls" hidden={confirmingExit}>
            <div className="wizard__actions">
              <button type="button" className="button button--ghost" onClick={back}>
                {step === 1 ? 'Cancelar' : 'Volver atrás'}
              </button>
              <button type="submit" className="button">
                {busy && last ? 'Guardando...' : last ? finishLabel : 'Continuar'}
              </button>
            </div>
            {mode === 'edit' ? (
              <button type="button" className="link-button offer-wizard__exit" onClick={() => void submit()}>
                {busy && !last ? 'Guardando...' : 'Guardar y salir'}
              </button>
            ) : (
              // One exit per step: on step 1 'Cancelar' already leaves.
              step > 1 && (
                <button
                  type="button"
                  className="link-button offer-wizard__exit"
                  onClick={(event) => exit(event.currentTarget)}
                >
                  Salir y cancelar
                </button>
              )
            )}
          </div>
          {confirmingExit && (
            <div
              className="notice offer-wizard__confirm"
              role="alertdialog"
              aria-labelledby={confirmTitleId}
              aria-describedby={confirmTextId}
              onKeyDown={(event) => {
                if (event.key !== 'Escape') return;
                event.stopPropagation();
                keepEditing();
              }}
            >
              <p id={confirmTitleId} className="offer-wizard__confirm-title">
                {OFFER_EXIT_CONFIRM.title}
              </p>
              <p id={confirmTextId}>{OFFER_EXIT_CONFIRM[mode]}</p>
              <div className="wizard__actions">
                <button type="button" className="button button--ghost" ref={keepEditingRef} onClick={keepEditing}>
                  {OFFER_EXIT_CONFIRM.keep}
                </button>
                <button type="button" className="button button--danger" onClick={onCancel}>
                  {OFFER_EXIT_CONFIRM.leave}
                </button>
              </div>
            </div>
          )}
        </fieldset>
      </form>
    </section>
  );
}
