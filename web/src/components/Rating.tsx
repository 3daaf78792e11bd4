import { formatHiredCount, formatRating, formatReferenceCount } from '@cym/common';
import './rating.css';

/** Five stars, `value` of them filled (a whole number of 1 to 5), read out as 'N de 5 estrellas'. */
export function Stars({ value }: { value: number }) {
  return (
    <span className="stars" role="img" aria-label={`${value} de 5 estrellas`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} aria-hidden="true" className={n <= value ? 'stars__on' : 'stars__off'}>
          ★
        </span>
      ))}
    </span>
  );
}

/**
 * A person's references on a card or a page: '★ 4,7 (12 referencias · 3 con contratación)', or
 * nothing without visible references. Those written after a hire through the site are counted apart.
 */
export function RatingSummary({
  rating,
}: {
  rating: { average: number; count: number; hired?: number } | null | undefined;
}) {
  if (!rating) return null;
  const average = formatRating(rating.average);
  const count = formatReferenceCount(rating.count);
  const hired = rating.hired ? formatHiredCount(rating.hired) : null;
  return (
    <span className="rating" title={`${average} de 5 · ${count}${hired ? ` · ${hired}` : ''}`}>
      <span className="rating__star" aria-hidden="true">
        ★
      </span>
      <span className="visually-hidden">Puntaje </span>
      <strong className="rating__average">{average}</strong>
      <span className="rating__count">({count})</span>
      {hired && <span className="rating__hired">{hired}</span>}
    </span>
  );
}
