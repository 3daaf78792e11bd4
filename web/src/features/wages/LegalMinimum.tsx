import {
  belowMinimumMessage,
  formatPesosCents,
  legalMinimum,
  legalMinimumBasisText,
  WAGE_ARRANGEMENT_LABELS,
  WAGE_MESSAGES,
  type LegalMinimum,
  type WageQuery,
  type WageRules,
} from '@cym/common';
import './wages.css';

/** The rules as `GET wages/current` answers them; undefined while loading (nothing is shown). */
type Rules = WageRules | null | undefined;

function detail(minimum: LegalMinimum): string {
  const arrangement =
    minimum.arrangement === 'unica' ? '' : `, ${WAGE_ARRANGEMENT_LABELS[minimum.arrangement].toLowerCase()}`;
  const zone = minimum.zone ? ` Incluye el ${minimum.zone_supplement_percent} % por zona desfavorable.` : '';
  return `Categoría ${minimum.category}: ${minimum.category_name}${arrangement}.${zone}`;
}

/**
 * 'Mínimo legal vigente: $ …' for an offer's services, arrangements, place and weekly hours (issues
 * 22 and 31: the base used is said below it), and the
 * warning, which never blocks, when the monthly salary offered is below it. Nothing while the
 * scale loads or when no chosen service falls under the regime.
 */
export function LegalMinimumNote({
  rules,
  query,
  monthlyPrice,
}: {
  rules: Rules;
  query: WageQuery;
  monthlyPrice: number | null;
}) {
  const minimum = rules ? legalMinimum(rules, query) : null;
  if (!minimum) return null;
  const below = monthlyPrice !== null && monthlyPrice > 0 && monthlyPrice < minimum.amount;
  return (
    <div className="legal-minimum">
      <p className="legal-minimum__amount">
        Mínimo legal vigente: <span className="value">{formatPesosCents(minimum.amount)}</span> por mes
      </p>
      <p className="legal-minimum__detail legal-minimum__basis">{legalMinimumBasisText(minimum)}</p>
      <p className="legal-minimum__detail">{detail(minimum)}</p>
      {below && (
        <p className="notice legal-minimum__warning" role="status">
          {belowMinimumMessage(minimum.amount)}
        </p>
      )}
    </div>
  );
}

/** The worker's hourly price: the legal minimum per hour for her services and arrangements, as a reference. */
export function HourlyMinimumNote({ rules, query }: { rules: Rules; query: WageQuery }) {
  const minimum = rules ? legalMinimum(rules, query) : null;
  if (!minimum) return null;
  return (
    <div className="legal-minimum">
      <p className="legal-minimum__amount">
        Valor hora mínimo legal: <span className="value">{formatPesosCents(minimum.hourly)}</span>
      </p>
      <p className="legal-minimum__detail">
        {detail(minimum)} Es una referencia: podés cobrar más. {WAGE_MESSAGES.seniority}
      </p>
    </div>
  );
}
