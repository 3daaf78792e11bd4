import { paths } from '../../config/paths';
import type { Role } from '../../lib/session';

export interface NavLink {
  to: string;
  label: string;
}

const PUBLIC_LINKS: NavLink[] = [
  { to: paths.workers, label: 'Postulantes' },
  { to: paths.jobOffers, label: 'Empleos' },
  { to: paths.howItWorks, label: 'Cómo funciona' },
  { to: paths.aboutUs, label: 'Nosotros' },
  { to: paths.corporate, label: 'Empresas' },
  { to: paths.academy, label: 'Academia' },
];

const ACCOUNT_LINKS: NavLink[] = [
  { to: paths.saved, label: 'Guardados' },
  { to: paths.hires, label: 'Contrataciones' },
  { to: paths.conversations, label: 'Chat' },
  { to: paths.userAccount, label: 'Mi cuenta' },
];

/** Each role's navbar. */
export const NAV_LINKS: Record<Role, NavLink[]> = {
  visitor: PUBLIC_LINKS,
  worker: [{ to: paths.jobOffers, label: 'Empleos' }, ...PUBLIC_LINKS.slice(2), ...ACCOUNT_LINKS],
  parent: [{ to: paths.workers, label: 'Perfiles' }, ...PUBLIC_LINKS.slice(1), ...ACCOUNT_LINKS],
  admin: [
    { to: paths.admin.workers, label: 'Trabajadores' },
    { to: paths.admin.parents, label: 'Empleadores' },
    { to: paths.admin.verifications, label: 'Verificaciones' },
    { to: paths.admin.jobOffers, label: 'Empleos' },
    { to: paths.admin.payments, label: 'Pagos' },
    { to: paths.admin.wages, label: 'Salarios' },
    { to: paths.admin.reports, label: 'Denuncias' },
    { to: paths.conversations, label: 'Chat' },
    { to: paths.admin.stats, label: 'Estadísticas' },
    { to: paths.admin.audit, label: 'Actividad' },
    { to: paths.admin.team, label: 'Equipo' },
  ],
};
