import { ADMIN_MESSAGES, formatPesos } from '@cym/common';
import { useAdminStats, type Stats } from './api';
import { AdminLoading } from './AdminList';
import { StatsChart } from './StatsChart';
import './admin.css';
import './admin-stats.css';

const numberFormat = new Intl.NumberFormat('es-AR');
const percentFormat = new Intl.NumberFormat('es-AR', { style: 'percent', maximumFractionDigits: 0 });

const CARDS: { key: 'users' | 'workers' | 'parents' | 'job_offers' | 'memberships'; label: string }[] = [
  { key: 'users', label: 'Usuarios' },
  { key: 'workers', label: 'Trabajadores' },
  { key: 'parents', label: 'Empleadores' },
  { key: 'job_offers', label: 'Ofertas laborales' },
  { key: 'memberships', label: 'Membresías activas' },
];

/** The operator's figures: value and the line under it. */
function operatorCards(s: Stats): { label: string; value: string; hint: string }[] {
  const rate = s.new_parents_30d > 0 ? percentFormat.format(s.new_parents_paid_7d / s.new_parents_30d) : '—';
  return [
    { label: 'Ingresos de este mes', value: formatPesos(s.revenue_this_month), hint: 'Pagos aprobados, hasta hoy' },
    { label: 'Ingresos del mes anterior', value: formatPesos(s.revenue_last_month), hint: 'Pagos aprobados' },
    {
      label: 'Conversión a 7 días',
      value: rate,
      hint: `${numberFormat.format(s.new_parents_paid_7d)} de ${numberFormat.format(s.new_parents_30d)} empleadores nuevos pagaron en su primera semana`,
    },
    {
      label: 'Membresías que vencen en 7 días',
      value: numberFormat.format(s.memberships_ending_7d),
      hint: 'Empleadores sin renovación comprada',
    },
    {
      label: 'Trabajadores visibles este mes',
      value: numberFormat.format(s.workers_visible_this_month),
      hint: 'Perfiles que pasaron a visibles',
    },
    {
      label: 'Tareas fallidas',
      value: numberFormat.format(s.failed_jobs),
      hint: s.failed_jobs > 0 ? 'Correos o avisos de pago sin procesar: revisar los registros' : 'Todo procesado',
    },
    {
      label: 'Guardados',
      value: numberFormat.format(s.saved_items),
      hint: 'Perfiles guardados por empleadores y ofertas guardadas por trabajadores',
    },
    {
      label: 'Búsquedas guardadas',
      value: numberFormat.format(s.saved_searches),
      hint: 'Con avisos de coincidencias nuevas (incluye las pausadas)',
    },
    {
      label: 'Propuestas de contratación',
      value: numberFormat.format(s.hire_proposals),
      hint: `${numberFormat.format(s.hires)} aceptadas`,
    },
    {
      label: 'Contrataciones por conversación',
      value: s.worker_conversations > 0 ? percentFormat.format(s.hires / s.worker_conversations) : '—',
      hint: `${numberFormat.format(s.hires)} contrataciones en ${numberFormat.format(s.worker_conversations)} conversaciones entre trabajadores y empleadores`,
    },
    {
      label: 'Relaciones laborales activas',
      value: numberFormat.format(s.active_hires),
      hint: 'Contrataciones que no terminaron',
    },
  ];
}

/** What each figure counts, for the help under the cards (the same rules as the server's). */
const DEFINITIONS: { term: string; text: string }[] = [
  {
    term: 'Membresías activas',
    text: 'Empleadores con una membresía activa hoy. Cada empleador cuenta una vez, aunque ya tenga comprada la renovación.',
  },
  {
    term: 'Ingresos',
    text: 'Suma en pesos de los pagos aprobados creados en el mes calendario (hora de Buenos Aires). El de este mes llega hasta hoy; no incluye pagos pendientes, rechazados ni reintegrados.',
  },
  {
    term: 'Conversión a 7 días',
    text: 'De los empleadores que se registraron en los últimos 30 días (sin cuentas eliminadas), cuántos tienen un pago aprobado dentro de los 7 días siguientes a su registro. Quien se registró hace menos de 7 días todavía puede convertir.',
  },
  {
    term: 'Membresías que vencen en 7 días',
    text: 'Empleadores cuya membresía activa termina en los próximos 7 días. Si ya compraron la renovación, no cuentan.',
  },
  {
    term: 'Trabajadores visibles este mes',
    text: 'Perfiles visibles hoy que pasaron a visibles durante este mes calendario, por completar su perfil o porque un administrador los mostró.',
  },
  {
    term: 'Guardados y búsquedas guardadas',
    text: 'Guardados: perfiles que los empleadores guardaron y ofertas que los trabajadores guardaron, de cuentas no eliminadas. Búsquedas guardadas: filtros con nombre que avisan por e-mail o notificación cuando aparece alguien o algo nuevo que coincide; incluye las pausadas.',
  },
  {
    term: 'Contrataciones',
    text: 'Propuestas: las hechas en los chats por empleadores. Contrataciones: las aceptadas, cada una una relación laboral. Contrataciones por conversación: contrataciones sobre conversaciones entre un trabajador y un empleador. Activas: las que no terminaron hasta hoy.',
  },
  {
    term: 'Tareas fallidas',
    text: 'Trabajos en segundo plano (envío de correos, avisos de pago de MercadoPago, correos de mensajes sin leer) que fallaron en todos sus reintentos. Se conservan 7 días; si el número sube, hay que revisar el servidor de correo o la conexión con MercadoPago.',
  },
  {
    term: 'Altas por día',
    text: 'Cuentas creadas cada día (sin administradores), incluidas las que se eliminaron después.',
  },
];

/**
 * /admin/stats: five figures, the operator's figures with what each one counts, and the last 30
 * days of sign-ups and approved payments.
 */
export default function AdminStatsPage() {
  const { data: stats, isPending, isError } = useAdminStats();

  return (
    <div className="admin-page">
      <h1 className="admin-page__title">Estadísticas</h1>
      {isPending && <AdminLoading />}
      {isError && (
        <p className="notice notice--error admin-notice" role="alert">
          {ADMIN_MESSAGES.statsFailed}
        </p>
      )}
      {stats && (
        <>
          <dl className="stats-cards">
            {CARDS.map((card) => (
              <div key={card.key} className="stats-card">
                <dt>{card.label}</dt>
                <dd>{numberFormat.format(stats[card.key])}</dd>
              </div>
            ))}
          </dl>
          <section className="stats-operator" aria-labelledby="stats-operator-title">
            <h2 id="stats-operator-title" className="stats-operator__title">
              Para operar
            </h2>
            <dl className="stats-cards stats-cards--operator">
              {operatorCards(stats).map((card) => (
                <div key={card.label} className="stats-card">
                  <dt>{card.label}</dt>
                  <dd className="value">{card.value}</dd>
                  <dd className="stats-card__hint">{card.hint}</dd>
                </div>
              ))}
            </dl>
            <details className="stats-help">
              <summary>¿Qué cuenta cada cifra?</summary>
              <dl>
                {DEFINITIONS.map((d) => (
                  <div key={d.term}>
                    <dt>{d.term}</dt>
                    <dd>{d.text}</dd>
                  </div>
                ))}
              </dl>
            </details>
          </section>
          <StatsChart daily={stats.daily} />
        </>
      )}
    </div>
  );
}
