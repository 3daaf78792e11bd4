import { MODERATION_LIMITS, MODERATION_MESSAGES } from '@cym/common';
import { useId, useState, type FormEvent } from 'react';
import { errorMessage } from '../../lib/api/errors';
import { useAddSafetyWord, useRemoveSafetyWord, useSafetyWords } from './api';

/**
 * 'Palabras de alerta': a message of an unverified account that holds one of them carries the
 * money warning. The team adds and removes them here.
 */
export function SafetyWords() {
  const id = useId();
  const words = useSafetyWords();
  const add = useAddSafetyWord();
  const remove = useRemoveSafetyWord();
  const [word, setWord] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [status, setStatus] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    const text = word.trim();
    setStatus('');
    if (text.length < MODERATION_LIMITS.minWordLength || text.length > MODERATION_LIMITS.maxWordLength)
      return setProblem(MODERATION_MESSAGES.word);
    setProblem(null);
    try {
      await add.mutateAsync(text);
      setWord('');
      setStatus(`Agregamos «${text}».`);
    } catch (failure) {
      setProblem(errorMessage(failure, 'No pudimos agregar la palabra.'));
    }
  }

  async function drop(wordId: number, text: string) {
    setStatus('');
    setProblem(null);
    try {
      await remove.mutateAsync(wordId);
      setStatus(`Quitamos «${text}».`);
    } catch (failure) {
      setProblem(errorMessage(failure, 'No pudimos quitar la palabra.'));
    }
  }

  return (
    <section className="card safety-words" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Palabras de alerta</h2>
      <p className="muted">
        Un mensaje de una cuenta sin identidad verificada que use una de estas palabras (o una que empiece con ella)
        muestra un aviso de cuidado a quien lo recibe.
      </p>
      <form className="safety-words__form" onSubmit={(event) => void submit(event)} noValidate>
        <div className="field">
          <label htmlFor={`${id}-word`}>Palabra</label>
          <input
            id={`${id}-word`}
            value={word}
            maxLength={MODERATION_LIMITS.maxWordLength}
            autoComplete="off"
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
            onChange={(event) => setWord(event.target.value)}
          />
        </div>
        <button type="submit" className="button" disabled={add.isPending}>
          Agregar
        </button>
      </form>
      {problem && (
        <p id={`${id}-problem`} className="field__error" role="alert">
          {problem}
        </p>
      )}
      <p className="visually-hidden" role="status">
        {status}
      </p>
      {words.isError && (
        <p className="notice notice--error" role="alert">
          {errorMessage(words.error, 'No pudimos cargar las palabras de alerta.')}
        </p>
      )}
      {words.data && words.data.length === 0 && <p>No hay palabras en la lista.</p>}
      {words.data && words.data.length > 0 && (
        <ul className="safety-words__list">
          {words.data.map((w) => (
            <li key={w.id}>
              <span>{w.word}</span>
              <button
                type="button"
                className="link-button"
                aria-label={`Quitar «${w.word}»`}
                disabled={remove.isPending}
                onClick={() => void drop(w.id, w.word)}
              >
                Quitar
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
