import { BLOCK_MESSAGES, formatDate } from '@cym/common';
import { useQuery } from '@tanstack/react-query';
import { PersonPhoto } from '../../components/PersonPhoto';
import { errorMessage } from '../../lib/api/errors';
import { blockedQuery } from './api';
import { BlockButton } from './BlockButton';
import './blocks.css';

const KIND_LABELS: Record<string, string> = { Worker: 'Trabajador/a', Parent: 'Empleador/a' };

/** 'Personas bloqueadas' on /user-account: who the person blocked, each with 'Desbloquear'. */
export function BlockedPeople() {
  const query = useQuery(blockedQuery);
  return (
    <section className="card blocked-people no-print" aria-labelledby="blocked-title">
      <h2 id="blocked-title">Personas bloqueadas</h2>
      <p>No pueden escribirte ni iniciar conversaciones con vos, y no las ves en los listados ni en tus alertas.</p>
      {query.isError && (
        <p className="notice notice--error" role="alert">
          {errorMessage(query.error, 'No pudimos cargar las personas que bloqueaste.')}
        </p>
      )}
      {query.isPending && <p role="status">Cargando…</p>}
      {query.data && query.data.length === 0 && <p className="blocked-people__empty">{BLOCK_MESSAGES.empty}</p>}
      {query.data && query.data.length > 0 && (
        <ul className="blocked-people__list">
          {query.data.map((person) => (
            <li key={person.user_id} className="blocked-people__item">
              <PersonPhoto name={person.first_name} image={person.profile_image} size={40} decorative />
              <div className="blocked-people__who">
                <strong>{person.first_name}</strong>
                <span>
                  {[KIND_LABELS[person.profile_type ?? ''], `desde el ${formatDate(new Date(person.blocked_at))}`]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </div>
              <BlockButton
                userId={person.user_id}
                name={person.first_name}
                blocked
                className="button button--secondary blocked-people__unblock"
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
