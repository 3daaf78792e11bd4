import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { PRODUCT_NAME } from '@cym/common';
import { paths } from '../../config/paths';
import { useAuthDialogs } from '../../features/auth/AuthDialogs';
import { useSession } from '../../lib/session';
import { NAV_LINKS } from './nav-links';
import { OfflineNotice } from './OfflineNotice';
import { UnreadBadge } from './UnreadBadge';
import { WhatsAppButton } from './WhatsAppButton';

export function Navbar() {
  const { role, signOut } = useSession();
  const { open } = useAuthDialogs();
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();

  // Any navigation (a new path or only a new query) closes the phone menu, and so does Escape.
  useEffect(() => setMenuOpen(false), [location.key]);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setMenuOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);
  /** A dialog opened from the menu takes its place: the menu closes behind it. */
  const openDialog = (name: 'login' | 'signup') => {
    setMenuOpen(false);
    open(name);
  };

  return (
    <header
      className={role === 'admin' ? 'navbar navbar--admin' : role === 'visitor' ? 'navbar' : 'navbar navbar--account'}
    >
      <div className="navbar__inner container">
        <Link to={paths.home} className="brand" aria-label={`${PRODUCT_NAME}, inicio`}>
          <img src="/favicon.svg" alt="" width="32" height="32" />
          <span>{PRODUCT_NAME}</span>
        </Link>
        <div className="navbar__tools">
          <WhatsAppButton placement="navbar" />
          <button
            type="button"
            className="navbar__toggle"
            aria-expanded={menuOpen}
            aria-controls="main-menu"
            onClick={() => setMenuOpen((value) => !value)}
          >
            <span className="visually-hidden">{menuOpen ? 'Cerrar menú' : 'Abrir menú'}</span>
            <span aria-hidden="true">☰</span>
          </button>
        </div>
        <nav id="main-menu" aria-label="Principal" className={`navbar__menu ${menuOpen ? 'navbar__menu--open' : ''}`}>
          <ul className="navbar__links">
            {NAV_LINKS[role].map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={({ isActive }) => (isActive ? 'active' : undefined)}>
                  {link.label}
                  {link.to === paths.conversations && <UnreadBadge />}
                </NavLink>
              </li>
            ))}
          </ul>
          {role !== 'visitor' && (
            <div className="navbar__actions">
              <button type="button" className="button button--ghost" onClick={signOut}>
                Cerrar sesión
              </button>
            </div>
          )}
          {role === 'visitor' && (
            <div className="navbar__actions">
              <button type="button" className="button button--ghost" onClick={() => openDialog('login')}>
                Ingresar
              </button>
              <button type="button" className="button" onClick={() => openDialog('signup')}>
                Registrarme
              </button>
            </div>
          )}
        </nav>
      </div>
      <OfflineNotice />
    </header>
  );
}
