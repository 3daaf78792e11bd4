import { ADMIN_MESSAGES } from '@cym/common';
import { useEffect, useState } from 'react';
import { adminApi, type Stats } from './admin-api';
import { AdminLoading } from './AdminList';
import { StatsChart } from './StatsChart';
import './admin.css';

const numberFormat = new Intl.NumberFormat('es-AR');

const CARDS: { key: keyof Omit<Stats, 'daily'>; label: string }[] = [
  { key: 'users', label: 'Usuarios' },
  { key: 'workers', label: 'Trabajadores' },
  { key: 'parents', label: 'Empleadores' },
  { key: 'job_offers', label: 'Ofertas laborales' },
  { key: 'memberships', label: 'Membresías activas' },
];

type State = { kind: 'loading' } | { kind: 'failed' } | { kind: 'loaded'; stats: Stats };

/** /admin/stats (spec 03 §2): five figures and the last 30 days of sign-ups and approved payments. */
export default function AdminStatsPage() {
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    let active = true;
    adminApi.stats().then(
      (stats) => active && setState({ kind: 'loaded', stats }),
      () => active && setState({ kind: 'failed' }),
    );
    return () => {
      active = false;
    };
  }, []);

  return (
    <div className="admin-page">
      <h1 className="admin-page__title">Estadísticas</h1>
      {state.kind === 'loading' && <AdminLoading />}
      {state.kind === 'failed' && (
        <p className="notice notice--error admin-notice" role="alert">
          {ADMIN_MESSAGES.statsFailed}
        </p>
      )}
      {state.kind === 'loaded' && (
        <>
          <dl className="stats-cards">
            {CARDS.map((card) => (
              <div key={card.key} className="stats-card">
                <dt>{card.label}</dt>
                <dd>{numberFormat.format(state.stats[card.key])}</dd>
              </div>
            ))}
          </dl>
          <StatsChart daily={state.stats.daily} />
        </>
      )}
    </div>
  );
}
