import { auditChanges } from '@cym/common';
import { useEffect, useId, useState } from 'react';
import { AdminLoading, AdminPager, SEARCH_DEBOUNCE_MS } from './AdminList';
import { AUDIT_LOAD_FAILED, useAuditFilters, useAuditPage, type AuditEntry, type AuditQuery } from './api';
import './admin.css';
import './admin-audit.css';

function EntryCard({ entry }: { entry: AuditEntry }) {
  const list = auditChanges(entry.action, entry.before, entry.after);
  return (
    <li className="audit-entry">
      <div className="audit-entry__head">
        <strong className="audit-entry__action">{entry.action_display}</strong>
        <time className="audit-entry__time value" dateTime={entry.created_at}>
          {entry.formatted_created_at}
        </time>
      </div>
      <dl className="audit-entry__facts">
        <div>
          <dt>Sobre</dt>
          <dd>
            {entry.target_display}
            {entry.person?.deleted && <span className="audit-entry__tag"> (cuenta eliminada)</span>}
          </dd>
        </div>
        <div>
          <dt>Por</dt>
          <dd>{entry.actor ? entry.actor.full_name : 'Administrador eliminado'}</dd>
        </div>
      </dl>
      {list.length === 0 && entry.before && entry.after && (
        <p className="audit-entry__same muted">Sin cambios: el valor ya era ese.</p>
      )}
      {list.length > 0 && (
        <table className="audit-entry__changes">
          <caption className="visually-hidden">Cambios</caption>
          <thead>
            <tr>
              <th scope="col">Campo</th>
              <th scope="col">Antes</th>
              <th scope="col">Después</th>
            </tr>
          </thead>
          <tbody>
            {list.map((c) => (
              <tr key={c.field}>
                <th scope="row">{c.label}</th>
                <td data-label="Antes">{c.before ?? '—'}</td>
                <td data-label="Después">{c.after ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </li>
  );
}

/**
 * /admin/audit: every admin action, newest first, filtered by admin, action and person (accents
 * aside), 50 a page from the server; each entry a card.
 */
export default function AdminAuditPage() {
  const id = useId();
  const [personText, setPersonText] = useState('');
  const [query, setQuery] = useState<AuditQuery>({ actorId: '', action: '', person: '', page: 1 });
  // Without the filter lists the selects offer 'Todos' only.
  const filters = useAuditFilters().data;
  const page = useAuditPage(query);
  const failed = page.isError;
  const data = failed ? null : (page.data ?? null);
  const loading = page.isFetching;

  useEffect(() => {
    const timer = setTimeout(() => {
      const person = personText.trim();
      setQuery((q) => (q.person === person ? q : { ...q, person, page: 1 }));
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [personText]);

  const rows = data?.results ?? [];
  const filtered = Boolean(query.actorId || query.action || query.person);

  return (
    <div className="admin-page audit-page">
      <h1 className="admin-page__title">Registro de actividad</h1>
      <div className="admin-toolbar audit-filters" role="search">
        <div className="audit-filter">
          <label htmlFor={`${id}-admin`}>Administrador</label>
          <select
            id={`${id}-admin`}
            value={query.actorId}
            onChange={(e) => setQuery((q) => ({ ...q, actorId: e.target.value, page: 1 }))}
          >
            <option value="">Todos</option>
            {filters?.admins.map((a) => (
              <option key={a.id} value={String(a.id)}>
                {a.full_name}
              </option>
            ))}
          </select>
        </div>
        <div className="audit-filter">
          <label htmlFor={`${id}-action`}>Acción</label>
          <select
            id={`${id}-action`}
            value={query.action}
            onChange={(e) => setQuery((q) => ({ ...q, action: e.target.value, page: 1 }))}
          >
            <option value="">Todas</option>
            {filters?.actions.map((a) => (
              <option key={a.value} value={a.value}>
                {a.label}
              </option>
            ))}
          </select>
        </div>
        <div className="audit-filter audit-filter--person">
          <label htmlFor={`${id}-person`}>Persona</label>
          <input
            id={`${id}-person`}
            type="search"
            placeholder="Nombre o e-mail"
            value={personText}
            maxLength={100}
            autoComplete="off"
            onChange={(e) => setPersonText(e.target.value)}
          />
        </div>
      </div>
      {failed && (
        <div className="admin-status">
          <p className="notice notice--error admin-notice" role="alert">
            {AUDIT_LOAD_FAILED}
          </p>
          <button type="button" className="button button--secondary" onClick={() => void page.refetch()}>
            Reintentar
          </button>
        </div>
      )}
      {!data && loading && <AdminLoading />}
      {data && rows.length === 0 && (
        <p className="admin-status">
          {filtered ? 'Ninguna acción coincide con los filtros.' : 'Todavía no hay acciones registradas.'}
        </p>
      )}
      {data && rows.length > 0 && (
        <>
          <p className="admin-count muted" role="status">
            {data.count === 1 ? '1 acción' : `${new Intl.NumberFormat('es-AR').format(data.count)} acciones`}
          </p>
          <ol className="audit-list" aria-label="Acciones registradas" aria-busy={loading}>
            {rows.map((entry) => (
              <EntryCard key={entry.id} entry={entry} />
            ))}
          </ol>
          <AdminPager count={data.count} page={query.page} onPage={(page) => setQuery((q) => ({ ...q, page }))} />
        </>
      )}
    </div>
  );
}
