import { REFERENCE_LIMITS, REFERENCE_MESSAGES } from '@cym/common';
import { useId, useState, type FormEvent } from 'react';
import { errorMessage } from '../../lib/api/errors';
import { useCreateReference, useUpdateReference, type Reference } from './api';

const STAR_WORDS = ['', 'Malo', 'Regular', 'Bueno', 'Muy bueno', 'Excelente'];

/**
 * 'Dejar una referencia' (issue 22): large tappable stars (radio inputs with their labels) and the
 * text with a live count; with `existing`, the author's edit within its 30 days.
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
  onDone: () => void;
}) {
  const id = useId();
  const [stars, setStars] = useState<number>(existing?.stars ?? 0);
  const [text, setText] = useState(existing?.text ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateReference();
  const update = useUpdateReference();
  const pending = create.isPending || update.isPending;
  const length = text.trim().length;
  const textOk = length >= REFERENCE_LIMITS.minText && length <= REFERENCE_LIMITS.maxText;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (stars < 1) return setProblem(REFERENCE_MESSAGES.stars);
    if (!textOk) return setProblem(REFERENCE_MESSAGES.text);
    setProblem(null);
    try {
      if (existing) await update.mutateAsync({ id: existing.id, stars, text: text.trim() });
      else await create.mutateAsync({ subject_user_id: subjectUserId, stars, text: text.trim() });
      onDone();
    } catch (failure) {
      setProblem(errorMessage(failure, 'No pudimos publicar la referencia. Intentá de nuevo.'));
    }
  }

  return (
    <form className="reference-form" onSubmit={(event) => void submit(event)} noValidate>
      <fieldset className="reference-form__stars">
        <legend>¿Cómo fue tu experiencia con {subjectName}?</legend>
        <div className="star-picker">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className={`star-picker__star ${n <= stars ? 'star-picker__star--on' : ''}`}>
              <input
                type="radio"
                name={`${id}-stars`}
                value={n}
                checked={stars === n}
                onChange={() => setStars(n)}
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
      </fieldset>
      <label htmlFor={`${id}-text`} className="reference-form__label">
        Tu referencia
      </label>
      <textarea
        id={`${id}-text`}
        value={text}
        rows={5}
        maxLength={REFERENCE_LIMITS.maxText + 20}
        aria-describedby={`${id}-count`}
        placeholder="Contá cómo fue trabajar juntos: puntualidad, trato, confianza…"
        onChange={(event) => setText(event.target.value)}
      />
      <p
        id={`${id}-count`}
        className={`reference-form__count ${textOk || length === 0 ? 'muted' : 'reference-form__count--bad'}`}
      >
        {length} / {REFERENCE_LIMITS.maxText} caracteres
        {length < REFERENCE_LIMITS.minText && ` (mínimo ${REFERENCE_LIMITS.minText})`}
      </p>
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
