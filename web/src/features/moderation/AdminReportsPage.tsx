import { formatCount, formatDate, MODERATION_ACTION_WORDS, MODERATION_LIMITS, REPORT_REASONS } from '@cym/common';
import { useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api/errors';
import { AdminLoading, AdminPager } from '../admin';
import { useDecisions, useOpenReports, type Decision, type ReportGroup } from './api';
import { reportPath, targetName } from './paths';
import { SafetyWords } from './SafetyWords';
import './moderation-admin.css';

type Tab = 'open' | 'decisions';
const TABS: { value: Tab; label: string }[] = [
  { value: 'open', label: 'Abiertas' },
  { value: 'decisions', label: 'Resueltas' },
];

function GroupItem({ group }: { group: ReportGroup }) {
  return (
    <li className="card moderation-item">
      <h3 className="moderation-item__title">
        <Link to={reportPath(group.target_type, group.target_id)}>
          {targetName(group.target_type, group.label, group.person.name)}
        </Link>
      </h3>
      <p>
        {group.person.name} {group.person.suspended && <span className="badge badge--warning">Suspendida</span>}
      </p>
      <p>
        <span className="badge badge--warning">{formatCount(group.open_count, 'denuncia', 'denuncias')}</span>{' '}
        {group.reasons.map((reason) => REPORT_REASONS[reason]).join(', ')}
      </p>
      <p className="muted">Primera denuncia: {formatDate(new Date(group.first_reported_at))}</p>
    </li>
  );
}

function DecisionItem({ decision }: { decision: Decision }) {
  return (
    <li className="card moderation-item">
      <h3 className="moderation-item__title">
        {MODERATION_ACTION_WORDS[decision.action]}{' '}
        {decision.undone_at && <span className="badge badge--neutral">Deshecha</span>}
      </h3>
      <p>
        <Link to={reportPath(decision.target_type, decision.target_id)}>
          {targetName(decision.target_type, decision.label, decision.person_name)}
        </Link>{' '}
        · {decision.person_name}
      </p>
      {decision.reason && <p className="moderation-text">Motivo: {decision.reason}</p>}
      <p className="muted">
        {decision.actor_name ?? 'El equipo'}, {formatDate(new Date(decision.created_at))}
        {decision.undone_at &&
          ` · deshecha por ${decision.undone_by_name ?? 'el equipo'} el ${formatDate(new Date(decision.undone_at))}`}
      </p>
    </li>
  );
}

function OpenList() {
  const [page, setPage] = useState(1);
  const query = useOpenReports(page);
  const data = query.data;
  if (query.isError)
    return (
      <p className="notice notice--error" role="alert">
        {errorMessage(query.error, 'No pudimos cargar las denuncias.')}
      </p>
    );
  if (!data) return <AdminLoading />;
  if (data.count === 0) return <p className="admin-status">No hay denuncias abiertas.</p>;
  return (
    <>
      <p className="muted">{formatCount(data.count, 'caso abierto', 'casos abiertos')}</p>
      <ul className="moderation-list" aria-busy={query.isFetching}>
        {data.results.map((group) => (
          <GroupItem key={`${group.target_type}-${group.target_id}`} group={group} />
        ))}
      </ul>
      <AdminPager count={data.count} page={page} onPage={setPage} pageSize={MODERATION_LIMITS.pageSize} />
    </>
  );
}

function DecisionList() {
  const [page, setPage] = useState(1);
  const query = useDecisions(page, true);
  const data = query.data;
  if (query.isError)
    return (
      <p className="notice notice--error" role="alert">
        {errorMessage(query.error, 'No pudimos cargar las decisiones.')}
      </p>
    );
  if (!data) return <AdminLoading />;
  if (data.count === 0) return <p className="admin-status">Todavía no hay decisiones.</p>;
  return (
    <>
      <p className="muted">{formatCount(data.count, 'decisión', 'decisiones')}</p>
      <ul className="moderation-list" aria-busy={query.isFetching}>
        {data.results.map((decision) => (
          <DecisionItem key={decision.id} decision={decision} />
        ))}
      </ul>
      <AdminPager count={data.count} page={page} onPage={setPage} pageSize={MODERATION_LIMITS.pageSize} />
    </>
  );
}

/** /admin/denuncias: open reports grouped by what was reported, the decisions, the warning words. */
export default function AdminReportsPage() {
  const [tab, setTab] = useState<Tab>('open');
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  // Arrow keys move between the tabs, as a tab list's keyboard is expected to.
  const onKey = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + TABS.length) % TABS.length;
    setTab(TABS[next]!.value);
    tabs.current[next]?.focus();
  };
  return (
    <div className="admin-page moderation-page">
      <h1 className="admin-page__title">Denuncias</h1>
      <p>
        <Link to={paths.admin.references}>Referencias denunciadas</Link>
      </p>
      <div className="moderation-tabs" role="tablist" aria-label="Denuncias">
        {TABS.map((t, index) => (
          <button
            key={t.value}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`moderation-tab-${t.value}`}
            aria-selected={tab === t.value}
            aria-controls="moderation-panel"
            tabIndex={tab === t.value ? 0 : -1}
            className="moderation-tabs__tab"
            onClick={() => setTab(t.value)}
            onKeyDown={(event) => onKey(event, index)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div id="moderation-panel" role="tabpanel" aria-labelledby={`moderation-tab-${tab}`}>
        {tab === 'open' ? <OpenList /> : <DecisionList />}
      </div>
      <SafetyWords />
    </div>
  );
}
