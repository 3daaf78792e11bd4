import { NavLink } from 'react-router';
import { paths } from '../../config/paths';

/** The two pages of what a person keeps: saved profiles or offers, and saved searches. */
export function SavedTabs({ role }: { role: 'parent' | 'worker' | 'admin' | 'visitor' }) {
  return (
    <nav className="saved-tabs" aria-label="Guardados y alertas">
      <NavLink to={paths.saved} className={({ isActive }) => (isActive ? 'active' : undefined)} end>
        {role === 'worker' ? 'Ofertas guardadas' : 'Perfiles guardados'}
      </NavLink>
      <NavLink to={paths.alerts} className={({ isActive }) => (isActive ? 'active' : undefined)} end>
        Búsquedas y alertas
      </NavLink>
    </nav>
  );
}
