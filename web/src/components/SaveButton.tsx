import { SHORTLIST_MESSAGES } from '@cym/common';
import { useState } from 'react';
import { errorMessage } from '../lib/api/errors';
import { useShortlistIds, useShortlistItem, useToggleSaved, type ShortlistItem } from '../lib/shortlist';
import './save-button.css';

/**
 * 'Guardar': a heart on a worker's or an offer's card and page, for the role that saves that kind
 * (employers workers, workers offers); filled when saved. Nothing for anyone else: a visitor saves
 * after signing up, as for Chatear.
 */
export function SaveButton({ item, id, name }: { item: ShortlistItem; id: number; name: string }) {
  const mine = useShortlistItem();
  const ids = useShortlistIds();
  const toggle = useToggleSaved(item);
  const [problem, setProblem] = useState<string | null>(null);
  if (mine !== item) return null;
  const saved = (item === 'worker' ? ids.data?.workers : ids.data?.job_offers)?.includes(id) ?? false;
  const what = item === 'worker' ? `a ${name}` : `la oferta «${name}»`;
  const label = saved ? `Quitar ${what} de guardados` : `Guardar ${what}`;
  return (
    <span className="save-button">
      <button
        type="button"
        className={`save-button__heart${saved ? ' save-button__heart--on' : ''}`}
        aria-pressed={saved}
        aria-label={label}
        title={label}
        disabled={ids.isPending}
        onClick={() => {
          setProblem(null);
          toggle.mutate(
            { id, save: !saved },
            { onError: (error) => setProblem(errorMessage(error, 'No pudimos guardar.')) },
          );
        }}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path d="M12 21s-7.5-4.6-9.6-9.1C.9 8.6 2.9 4.5 6.8 4.5c2.1 0 3.6 1.2 4.4 2.5h1.6c.8-1.3 2.3-2.5 4.4-2.5 3.9 0 5.9 4.1 4.4 7.4C19.5 16.4 12 21 12 21z" />
        </svg>
        <span>{saved ? SHORTLIST_MESSAGES.saved : SHORTLIST_MESSAGES.save}</span>
      </button>
      {problem && (
        <span className="save-button__problem" role="alert">
          {problem}
        </span>
      )}
    </span>
  );
}
