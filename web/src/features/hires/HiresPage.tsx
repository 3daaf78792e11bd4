import { Link } from 'react-router';
import { PageHero } from '../../components/PageHero';
import { PersonPhoto } from '../../components/PersonPhoto';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api/errors';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/title';
import { useHires, type EmploymentSummary } from './api';
import { dayText, EMPLOYMENT_BADGES, hirePath, hoursText, otherParty } from './words';
import './hires.css';

function HireSummary({ employment }: { employment: EmploymentSummary }) {
  const { party, as } = otherParty(employment);
  return (
    <li>
      <article className="card hire-summary">
        <div className="hire-summary__head">
          <PersonPhoto name={party.name} image={party.profile_image} size={56} decorative />
          <div>
            <h2>
              <Link to={hirePath(employment.id)}>{party.name}</Link>
            </h2>
            <p className="muted hire-summary__as">{as}</p>
          </div>
        </div>
        <p>
          <span className={`badge ${EMPLOYMENT_BADGES[employment.status]}`}>{employment.status_label}</span>
        </p>
        <dl className="details">
          <dt>Categoría</dt>
          <dd>{employment.category_name}</dd>
          <dt>Horas</dt>
          <dd>{hoursText(employment.weekly_hours)} por semana</dd>
          <dt>Lugar</dt>
          <dd>{employment.municipality_name}</dd>
          <dt>Inicio</dt>
          <dd className="value">{dayText(employment.start_date)}</dd>
          {employment.ended_on && (
            <>
              <dt>Fin</dt>
              <dd className="value">{dayText(employment.ended_on)}</dd>
            </>
          )}
        </dl>
        <Link className="button button--secondary" to={hirePath(employment.id)}>
          Ver detalle<span className="visually-hidden"> de la relación con {party.name}</span>
        </Link>
      </article>
    </li>
  );
}

/** /contrataciones: the signed-in person's employment relationships, newest start first. */
export default function HiresPage() {
  const { role } = useSession();
  useDocumentTitle('Contrataciones');
  const query = useHires();
  const list = query.data;
  return (
    <>
      <PageHero title="Contrataciones" text="Tus relaciones laborales: condiciones, período de prueba y registro." />
      <div className="container hires">
        {query.isPending && <p role="status">Cargando…</p>}
        {query.isError && (
          <p className="notice notice--error" role="alert">
            {errorMessage(query.error, 'No pudimos cargar tus contrataciones.')}
          </p>
        )}
        {list?.length === 0 && (
          <div className="card hires-empty">
            <h2>Todavía no tenés contrataciones</h2>
            {role === 'worker' ? (
              <p>
                Cuando un empleador te proponga una contratación en el chat y la aceptes, la vas a ver acá, con las
                condiciones y los datos para tu registro.
              </p>
            ) : (
              <p>
                Para empezar, proponé una contratación desde el chat con la trabajadora. Cuando la acepte, la relación
                laboral aparece acá, con los pasos para registrarla en ARCA.
              </p>
            )}
            <Link className="button" to={paths.conversations}>
              Ir al chat
            </Link>
          </div>
        )}
        {list && list.length > 0 && (
          <ul className="card-grid hires-list">
            {list.map((employment) => (
              <HireSummary key={employment.id} employment={employment} />
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
