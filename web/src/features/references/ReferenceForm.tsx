import { REFERENCE_LIMITS, REFERENCE_MESSAGES } from '@cym/common';
import { useId, useRef, useState, type FormEvent } from 'react';
import { ErrorLine } from '../../components/ui/Field';
import { errorMessage } from '../../lib/api/errors';
import { useCreateReference, useUpdateReference, type Reference } from './api';

const STAR_WORDS = ['', 'Malo', 'Regular', 'Bueno', 'Muy bueno', 'Excelente'];

/**
 * 'Dejar una referencia': large tappable stars (radio inputs with their labels) and the text with a
 * live count; with `existing`, the author's edit within its 30 days. A send with problems shows
 * every one at once beside its field, and each clears as soon as it is fixed. `onDone` tells
 * whether the reference was created or updated.
 */
export function ReferenceForm({
  subjectUserId,
  subjectName,
  existing,
  onDone,
}: {
  subjectUserId: number;
  subjectName: string;
  existing?: Reference | null;
  onDone: (result: 'created' | 'updated') => void;
}) {
  const id = useId();
  const [stars, setStars] = useState<number>(existing?.stars ?? 0);
  const [text, setText] = useState(existing?.text ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  // Set by the first send: from then on each field's problem shows while it lasts.
  const [tried, setTried] = useState(false);
  const firstStarRef = useRef<HTMLInputElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const create = useCreateReference();
  const update = useUpdateReference();
  const pending = create.isPending || update.isPending;
  const length = text.trim().length;
  const textOk = length >= REFERENCE_LIMITS.minText && length <= REFERENCE_LIMITS.maxText;
  const starsError = tried && stars < 1 ? REFERENCE_MESSAGES.stars : null;
  const textError = tried && !textOk ? REFERENCE_MESSAGES.text : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    setProblem(null);
    if (stars < 1 || !textOk) {
      (stars < 1 ? firstStarRef.current : textRef.current)?.focus();
      return;
    }
    try {
      if (existing) await update.mutateAsync({ id: existing.id, stars, text: text.trim() });
      else await create.mutateAsync({ subject_user_id: subjectUserId, stars, text: text.trim() });
      onDone(existing ? 'updated' : 'created');
    } catch (failure) {
      setProblem(errorMessage(failure, 'No pudimos publicar la referencia. Intentá de nuevo.'));
    }
  }

  return (
    <form className="reference-form" onSubmit={(event) => void submit(event)} noValidate>
      <fieldset
        className="reference-form__stars"
        aria-invalid={starsError ? true : undefined}
        aria-describedby={starsError ? `${id}-stars-error` : undefined}
      >
        <legend>¿Cómo fue tu experiencia con {subjectName}?</legend>
        <div className="star-picker">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className={`star-picker__star ${n <= stars ? 'star-picker__star--on' : ''}`}>
              <input
                type="radio"
                name={`${id}-stars`}
                value={n}
                checked={stars === n}
                ref={n === 1 ? firstStarRef : undefined}
                onChange={() => {
                  setStars(n);
                  setProblem(null);
                }}
                className="visually-hidden"
              />
              <span aria-hidden="true">★</span>
              <span className="visually-hidden">{n === 1 ? '1 estrella' : `${n} estrellas`}</span>
            </label>
          ))}
        </div>
        <p className="muted star-picker__word" aria-live="polite">
          {stars > 0 ? `${stars} de 5: ${STAR_WORDS[stars]}` : 'Tocá una estrella para elegir el puntaje.'}
        </p>
        <ErrorLine id={`${id}-stars-error`} message={starsError} />
      </fieldset>
      <label htmlFor={`${id}-text`} className="reference-form__label">
        Tu referencia
      </label>
      <textarea
        id={`${id}-text`}
        value={text}
        rows={5}
        maxLength={REFERENCE_LIMITS.maxText + 20}
        ref={textRef}
        aria-invalid={textError ? true : undefined}
        aria-describedby={textError ? `${id}-text-error ${id}-count` : `${id}-count`}
        placeholder="Contá cómo fue trabajar juntos: puntualidad, trato, confianza…"
        onChange={(event) => {
          setText(event.target.value);
          setProblem(null);
        }}
      />
      <p
        id={`${id}-count`}
        className={`reference-form__count ${textOk || length === 0 ? 'muted' : 'reference-form__count--bad'}`}
      >
        {length} / {REFERENCE_LIMITS.maxText} caracteres
        {length < REFERENCE_LIMITS.minText && ` (mínimo ${REFERENCE_LIMITS.minText})`}
      </p>
      <ErrorLine id={`${id}-text-error`} message={textError} />
      {problem && (
        <p className="notice notice--error" role="alert">
          {problem}
        </p>
      )}
      <p className="muted">
        La referencia es pública, con tu nombre. Vas a poder editarla durante {REFERENCE_LIMITS.editDays} días.
      </p>
      <button type="submit" className="button" disabled={pending}>
        {pending ? 'Publicando…' : existing ? 'Guardar cambios' : 'Publicar referencia'}
      </button>
    </form>
  );
}
