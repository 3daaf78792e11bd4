import { HIRE_ARRANGEMENT_LABELS, LABOR_DISCLAIMER, laborParameterDefinition } from '@cym/common';
import type { HireTerms, LaborSource } from './api';
import { dayText, hoursText, payText, unbrokenAmounts, withLinks, zoneText } from './words';

/**
 * What was agreed, as the chat's card and the relationship's page both show it: start, services,
 * modality, schedule (a day a line), hours, pay and place; then the legal minimum, the zone's
 * supplement and the trial period's end (unless the page says it elsewhere).
 */
export function HireTermsList({ terms, trial = true }: { terms: HireTerms; trial?: boolean }) {
  return (
    <>
      <dl className="details hire-terms">
        <dt>Inicio</dt>
        <dd className="value">{dayText(terms.start_date)}</dd>
        <dt>Servicios</dt>
        <dd>{terms.service_names.join(', ')}</dd>
        <dt>Categoría</dt>
        <dd>{terms.category_name}</dd>
        <dt>Modalidad</dt>
        <dd>{HIRE_ARRANGEMENT_LABELS[terms.arrangement]}</dd>
        <dt>Horario</dt>
        <dd>
          <ul className="hire-terms__schedule">
            {terms.schedule_text.split('; ').map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </dd>
        <dt>Horas</dt>
        <dd>{hoursText(terms.weekly_hours)} por semana</dd>
        <dt>Sueldo</dt>
        <dd className="hire-terms__pay">{payText(terms)}</dd>
        <dt>Lugar</dt>
        <dd>
          {terms.municipality_name}, {terms.province_name}
        </dd>
      </dl>
      {terms.minimum && (
        <p className="hire-terms__note">
          <strong>Mínimo legal:</strong> {unbrokenAmounts(terms.minimum.text)}
        </p>
      )}
      {terms.zone && <p className="hire-terms__note">{zoneText(terms.zone_percent)}.</p>}
      {trial && terms.trial_ends_on && (
        <p className="hire-terms__note">Período de prueba hasta el {dayText(terms.trial_ends_on)}.</p>
      )}
    </>
  );
}

/** The regime's small print, under every card and page that computes with it. */
export function LaborDisclaimer() {
  return <p className="hire-disclaimer">{LABOR_DISCLAIMER}.</p>;
}

/** Where each figure used comes from: the parameter, since when, its source (links live) and whether it is confirmed. */
export function SourcesList({ sources }: { sources: LaborSource[] }) {
  return (
    <ul className="hire-sources">
      {sources.map((source) => (
        <li key={`${source.key}-${source.effective_from}`}>
          <strong>{laborParameterDefinition(source.key)?.label ?? source.key}</strong>{' '}
          <span className="muted">(desde el {dayText(source.effective_from)})</span>
          {source.unconfirmed && <span className="badge badge--warning hire-sources__mark">Dato sin confirmar</span>}
          <br />
          <span className="hire-sources__text">
            Fuente:{' '}
            {withLinks(source.source).map((piece, i) =>
              'href' in piece ? (
                <a key={i} href={piece.href} target="_blank" rel="noopener noreferrer">
                  {piece.href}
                </a>
              ) : (
                <span key={i}>{piece.text}</span>
              ),
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}
