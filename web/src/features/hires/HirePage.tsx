import { formatDate, HIRE_END_CAUSE_LABELS, parseId } from '@cym/common';
import { useId, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { PersonPhoto } from '../../components/PersonPhoto';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api/errors';
import { isNotFoundError } from '../../lib/not-found';
import { useDocumentTitle } from '../../lib/title';
import { NotFoundPage } from '../static-pages';
import { useEmployment, type Employment, type HireParty } from './api';
import { HireTermsList, LaborDisclaimer, SourcesList } from './HireTermsList';
import { PaySections } from './PaySections';
import { RegistrationData } from './RegistrationData';
import { dayText, EMPLOYMENT_BADGES, otherParty } from './words';
import './hires.css';

/** A section of the page: a card with its heading, named by it. */
function Section({ title, children, className = '' }: { title: string; children: ReactNode; className?: string }) {
  const id = useId();
  return (
    <section className={`card hire-section ${className}`} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

function Party({ party, as }: { party: HireParty; as: string }) {
  return (
    <li className="hire-party">
      <PersonPhoto name={party.name} image={party.profile_image} size={48} decorative />
      <span>
        <strong>{party.name}</strong>
        <br />
        <span className="muted">{as}</span>
      </span>
    </li>
  );
}

function Relationship({ employment }: { employment: Employment }) {
  const { party } = otherParty(employment);
  const ended = employment.ended_on;
  return (
    <div className="container hire-page">
      <p className="hire-page__back">
        <Link to={paths.hires}>← Contrataciones</Link>
      </p>
      <header className="card hire-page__top">
        <h1>Relación laboral con {party.name}</h1>
        <p>
          <span className={`badge ${EMPLOYMENT_BADGES[employment.status]}`}>{employment.status_label}</span>
        </p>
        {ended ? (
          <p>
            {employment.status === 'ended' ? 'Finalizó' : 'Finaliza'} el {dayText(ended)}
            {employment.end_cause && ` (${HIRE_END_CAUSE_LABELS[employment.end_cause]})`}.
          </p>
        ) : employment.status === 'trial' ? (
          <p>Período de prueba hasta el {dayText(employment.trial_ends_on)}.</p>
        ) : (
          <p>El período de prueba terminó el {dayText(employment.trial_ends_on)}.</p>
        )}
        <ul className="hire-parties" aria-label="Las partes">
          <Party party={employment.worker} as="Trabajadora" />
          <Party party={employment.employer} as="Empleador/a" />
        </ul>
        {employment.conversation_id !== null && employment.role !== 'admin' && (
          <Link className="button button--secondary" to={`/conversations/chat/${employment.conversation_id}`}>
            Ir a la conversación
          </Link>
        )}
      </header>
      <Section title="Condiciones">
        <HireTermsList terms={employment.terms} trial={false} />
      </Section>
      <Section title="Datos para el registro" className="hire-data">
        <p className="muted">Solo los ven las dos partes y el equipo.</p>
        <RegistrationData employment={employment} />
      </Section>
      <PaySections employment={employment} />
      <Section title="Historial">
        <ol className="hire-history">
          {employment.history.map((event, i) => (
            <li key={`${event.at}-${i}`}>
              <time dateTime={event.at} className="value muted">
                {formatDate(new Date(event.at))}
              </time>{' '}
              {event.text}
            </li>
          ))}
        </ol>
      </Section>
      <Section title="Fuentes">
        <p className="muted">De dónde salen las cifras del régimen que usamos para esta relación.</p>
        <SourcesList sources={employment.sources} />
        <LaborDisclaimer />
      </Section>
    </div>
  );
}

/**
 * /contrataciones/{id}: one relationship as its parties see it, its money month by month included.
 * Anyone else gets the API's 404: the not-found page.
 */
export default function HirePage() {
  const { hireId } = useParams();
  const id = parseId(hireId);
  const valid = id !== null;
  const query = useEmployment(id ?? 0, valid);
  const employment = query.data;
  useDocumentTitle(employment ? `Relación laboral con ${otherParty(employment).party.name}` : null);
  if (!valid || isNotFoundError(query.error)) return <NotFoundPage />;
  if (query.isError)
    return (
      <section className="container not-found" role="alert">
        <h1>Relación laboral</h1>
        <p>{errorMessage(query.error, 'No pudimos cargar la relación laboral.')}</p>
      </section>
    );
  if (!employment)
    return (
      <div className="page-loading" role="status">
        <span className="spinner" aria-hidden="true" />
        <span className="visually-hidden">Cargando…</span>
      </div>
    );
  return <Relationship employment={employment} />;
}
