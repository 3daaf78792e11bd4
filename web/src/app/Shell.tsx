import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { AccountDeletedNotice } from '../features/account-deletion';
import { AuthDialogsProvider } from '../features/auth/AuthDialogs';
import type { Prefetch } from '../lib/lazy';
import { popularSearchesQuery } from '../lib/popular-searches';
import { scrollKey } from '../lib/scroll';
import { RouteTitle } from '../lib/title';
import { siteConfigQuery } from '../lib/use-site-config';
import { RouteFocus } from './RouteFocus';
import { Footer } from './layout/Footer';
import { InactivityDialog } from './layout/InactivityDialog';
import { Navbar } from './layout/Navbar';
import { PhoneRequiredGate } from './layout/PhoneRequiredGate';
import { Preloader } from './layout/Preloader';
import { WhatsAppButton } from './layout/WhatsAppButton';

export function PageFallback() {
  return (
    <div className="page-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">Cargando…</span>
    </div>
  );
}

/** What the shell draws from on every page: the site's contact values and the footer's searches. */
export const prefetchShell: Prefetch = ({ client }) =>
  Promise.all([client.prefetchQuery(siteConfigQuery), client.prefetchQuery(popularSearchesQuery)]);

/** Navbar, page, footer and the fixed pieces every page shares. */
export function Shell() {
  return (
    <AuthDialogsProvider>
      <Preloader />
      <a className="skip-link" href="#contenido">
        Saltar al contenido
      </a>
      <Navbar />
      <main id="contenido" tabIndex={-1}>
        <AccountDeletedNotice />
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <WhatsAppButton placement="floating" />
      <InactivityDialog />
      <PhoneRequiredGate />
      <ScrollRestoration getKey={scrollKey} />
      <RouteTitle />
      <RouteFocus />
    </AuthDialogsProvider>
  );
}
