import { PUBLIC_PAGES, SITE_PATTERNS } from '@cym/common';
import type { RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { lazyPage } from '../lib/lazy';
import { RouteError } from './RouteError';
import { RequireActiveMembership, RequireAdmin, RequireAuth } from './guards/guards';
import { prefetchShell, Shell } from './Shell';

const HomePage = lazyPage(() => import('../features/home/HomePage'));
const TermsPage = lazyPage(() => import('../features/static-pages/pages/TermsPage'));
const PrivacyPage = lazyPage(() => import('../features/static-pages/pages/PrivacyPage'));
const SafetyTipsPage = lazyPage(() => import('../features/static-pages/pages/SafetyTipsPage'));
const FaqsPage = lazyPage(() => import('../features/static-pages/pages/FaqsPage'));
const AboutPage = lazyPage(() => import('../features/static-pages/pages/AboutPage'));
const CorporatePage = lazyPage(() => import('../features/static-pages/pages/CorporatePage'));
const HowItWorksPage = lazyPage(() => import('../features/static-pages/pages/HowItWorksPage'));
const AcademyPage = lazyPage(() => import('../features/static-pages/pages/AcademyPage'));
const ContactPage = lazyPage(() => import('../features/contact/ContactPage'));
const MaintenancePage = lazyPage(() => import('../features/static-pages/pages/MaintenancePage'));
const ForgotPasswordPage = lazyPage(() => import('../features/auth/pages/ForgotPasswordPage'));
const ResetPasswordPage = lazyPage(() => import('../features/auth/pages/ResetPasswordPage'));
const EmailVerificationPage = lazyPage(() => import('../features/auth/pages/EmailVerificationPage'));
const UserAccountPage = lazyPage(() => import('../features/account/UserAccountPage'));
const PublicWorkerProfilePage = lazyPage(() => import('../features/public-profile/PublicWorkerProfilePage'));
const WorkersPage = lazyPage(() => import('../features/browse/WorkersPage'));
const JobOffersPage = lazyPage(() => import('../features/browse/JobOffersPage'));
const LandingPage = lazyPage(() => import('../features/browse/LandingPage'));
const PublicJobOfferPage = lazyPage(() => import('../features/public-profile/PublicJobOfferPage'));
const MembershipsPage = lazyPage(() => import('../features/payments/MembershipsPage'));
const BankTransferPage = lazyPage(() => import('../features/payments/BankTransferPage'));
const PaymentResultPage = lazyPage(() => import('../features/payments/PaymentResultPage'));
const ConversationsPage = lazyPage(() => import('../features/chat/ConversationsPage'));
const AdminJobOffersPage = lazyPage(() => import('../features/admin/AdminJobOffersPage'));
const AdminWorkersPage = lazyPage(() => import('../features/admin/AdminWorkersPage'));
const AdminParentsPage = lazyPage(() => import('../features/admin/AdminParentsPage'));
const AdminParentPage = lazyPage(() => import('../features/admin/AdminParentPage'));
const AdminPaymentsPage = lazyPage(() => import('../features/admin/AdminPaymentsPage'));
const AdminStatsPage = lazyPage(() => import('../features/admin/AdminStatsPage'));
const AdminAuditPage = lazyPage(() => import('../features/admin/AdminAuditPage'));
const AdminTeamPage = lazyPage(() => import('../features/admin/AdminTeamPage'));
const AdminWagesPage = lazyPage(() => import('../features/wages/AdminWagesPage'));
const AdminLaborParametersPage = lazyPage(() => import('../features/wages/AdminLaborParametersPage'));
const AdminReferencesPage = lazyPage(() => import('../features/admin/AdminReferencesPage'));
const AdminReportsPage = lazyPage(() => import('../features/moderation/AdminReportsPage'));
const AdminReportPage = lazyPage(() => import('../features/moderation/AdminReportPage'));
const AdminVerificationsPage = lazyPage(() => import('../features/admin/AdminVerificationsPage'));
const HiresPage = lazyPage(() => import('../features/hires/HiresPage'));
const HirePage = lazyPage(() => import('../features/hires/HirePage'));
const PayslipPage = lazyPage(() => import('../features/hires/PayslipPage'));
const DataExportPage = lazyPage(() => import('../features/data-export/DataExportPage'));
const SavedPage = lazyPage(() => import('../features/saved/SavedPage'));
const AlertsPage = lazyPage(() => import('../features/saved/AlertsPage'));
const UnsubscribePage = lazyPage(() => import('../features/saved/UnsubscribePage'));
const NotFoundPage = lazyPage(() => import('../features/static-pages/pages/NotFoundPage'));

/** A public page's route handle: its title from common's PUBLIC_PAGES (what search engines read too). */
const pageHandle = (path: string) => ({ title: PUBLIC_PAGES[path]?.title ?? undefined });

/**
 * Every route is its own chunk, so the first screen downloads only what it shows. The browser
 * makes its router of them (main.tsx); the server renders the public pages with them
 * (entry-server.tsx), after fetching what each route declares: a page module's `prefetch`
 * export, a layout's `handle.prefetch`.
 */
export const routes: RouteObject[] = [
  // /maintenance stands outside the shell: no navbar, no footer.
  {
    path: paths.maintenance,
    element: <MaintenancePage />,
    errorElement: <RouteError />,
  },
  {
    element: <Shell />,
    handle: { prefetch: prefetchShell },
    errorElement: <RouteError />,
    children: [
      { path: paths.home, element: <HomePage /> },
      { path: paths.terms, handle: pageHandle(paths.terms), element: <TermsPage /> },
      { path: paths.privacy, handle: pageHandle(paths.privacy), element: <PrivacyPage /> },
      { path: paths.safetyTips, handle: pageHandle(paths.safetyTips), element: <SafetyTipsPage /> },
      { path: paths.faqs, handle: pageHandle(paths.faqs), element: <FaqsPage /> },
      { path: paths.contact, handle: pageHandle(paths.contact), element: <ContactPage /> },
      { path: paths.aboutUs, handle: pageHandle(paths.aboutUs), element: <AboutPage /> },
      { path: paths.corporate, handle: pageHandle(paths.corporate), element: <CorporatePage /> },
      { path: paths.howItWorks, handle: pageHandle(paths.howItWorks), element: <HowItWorksPage /> },
      { path: paths.academy, handle: pageHandle(paths.academy), element: <AcademyPage /> },
      { path: paths.workers, handle: pageHandle(paths.workers), element: <WorkersPage /> },
      { path: paths.jobOffers, handle: pageHandle(paths.jobOffers), element: <JobOffersPage /> },
      { path: SITE_PATTERNS.landingProvince, handle: { title: 'Perfiles de trabajadores' }, element: <LandingPage /> },
      {
        path: SITE_PATTERNS.landingMunicipality,
        handle: { title: 'Perfiles de trabajadores' },
        element: <LandingPage />,
      },
      {
        path: SITE_PATTERNS.workerProfile,
        handle: { title: 'Perfil de trabajador' },
        element: <PublicWorkerProfilePage />,
      },
      { path: SITE_PATTERNS.jobOffer, handle: { title: 'Oferta de empleo' }, element: <PublicJobOfferPage /> },
      { path: paths.resetPassword, handle: { title: 'Recuperar contraseña' }, element: <ForgotPasswordPage /> },
      { path: SITE_PATTERNS.resetConfirm, handle: { title: 'Nueva contraseña' }, element: <ResetPasswordPage /> },
      {
        path: SITE_PATTERNS.emailVerification,
        handle: { title: 'Verificación de correo' },
        element: <EmailVerificationPage />,
      },
      {
        path: paths.userAccount,
        handle: { title: 'Mi cuenta' },
        element: (
          <RequireAuth>
            <UserAccountPage />
          </RequireAuth>
        ),
      },
      {
        path: paths.saved,
        handle: { title: 'Guardados' },
        element: (
          <RequireAuth>
            <SavedPage />
          </RequireAuth>
        ),
      },
      {
        path: paths.alerts,
        handle: { title: 'Búsquedas y alertas' },
        element: (
          <RequireAuth>
            <AlertsPage />
          </RequireAuth>
        ),
      },
      {
        path: paths.hires,
        handle: { title: 'Contrataciones' },
        element: (
          <RequireAuth>
            <HiresPage />
          </RequireAuth>
        ),
      },
      {
        path: SITE_PATTERNS.hire,
        handle: { title: 'Relación laboral' },
        element: (
          <RequireAuth>
            <HirePage />
          </RequireAuth>
        ),
      },
      {
        path: SITE_PATTERNS.dataExport,
        handle: { title: 'Tus datos' },
        element: (
          <RequireAuth>
            <DataExportPage />
          </RequireAuth>
        ),
      },
      {
        path: SITE_PATTERNS.payslip,
        handle: { title: 'Recibo de sueldo' },
        element: (
          <RequireAuth>
            <PayslipPage />
          </RequireAuth>
        ),
      },
      { path: paths.unsubscribe, handle: { title: 'Dejar de recibir e-mails' }, element: <UnsubscribePage /> },
      { path: paths.memberships, handle: { title: 'Membresías' }, element: <MembershipsPage /> },
      {
        path: paths.bankTransfer,
        handle: { title: 'Transferencia bancaria' },
        element: (
          <RequireAuth>
            <BankTransferPage />
          </RequireAuth>
        ),
      },
      {
        // The status check needs a fresh session: the guard waits for the first token refresh.
        path: paths.paymentSuccess,
        handle: { title: 'Pago' },
        element: (
          <RequireAuth>
            <PaymentResultPage />
          </RequireAuth>
        ),
      },
      { path: paths.paymentFailure, handle: { title: 'Pago' }, element: <PaymentResultPage /> },
      { path: paths.paymentPending, handle: { title: 'Pago' }, element: <PaymentResultPage /> },
      {
        // Employers without an active membership get the membership popup.
        path: paths.conversations,
        handle: { title: 'Chat' },
        element: (
          <RequireActiveMembership>
            <ConversationsPage />
          </RequireActiveMembership>
        ),
      },
      {
        path: SITE_PATTERNS.chat,
        handle: { title: 'Chat' },
        element: (
          <RequireActiveMembership>
            <ConversationsPage />
          </RequireActiveMembership>
        ),
      },
      {
        path: paths.admin.jobOffers,
        handle: { title: 'Admin: Empleos' },
        element: (
          <RequireAdmin>
            <AdminJobOffersPage />
          </RequireAdmin>
        ),
      },
      // The back office: admins only, everyone else to /.
      {
        path: paths.admin.workers,
        handle: { title: 'Admin: Perfiles' },
        element: (
          <RequireAdmin>
            <AdminWorkersPage />
          </RequireAdmin>
        ),
      },
      {
        path: paths.admin.parents,
        handle: { title: 'Admin: Empleadores' },
        element: (
          <RequireAdmin>
            <AdminParentsPage />
          </RequireAdmin>
        ),
      },
      {
        path: paths.admin.verifications,
        handle: { title: 'Admin: Verificaciones' },
        element: (
          <RequireAdmin>
            <AdminVerificationsPage />
          </RequireAdmin>
        ),
      },
      {
        path: paths.admin.parent,
        handle: { title: 'Admin: Empleador' },
        element: (
          <RequireAdmin>
            <AdminParentPage />
          </RequireAdmin>
        ),
      },
      {
        path: paths.admin.payments,
        handle: { title: 'Admin: Pagos' },
        element: (
          <RequireAdmin>
            <AdminPaymentsPage />
          </RequireAdmin>
        ),
      },
      {
        path: paths.admin.wages,
        handle: { title: 'Admin: Salarios' },
        element: (
          <RequireAdmin>
            <AdminWagesPage />
          </RequireAdmin>
        ),
      },
      {
        path: paths.admin.laborParameters,
        handle: { title: 'Admin: Parámetros laborales' },
        element: (
          <RequireAdmin>
            <AdminLaborParametersPage />
          </RequireAdmin>
        ),
      },
      {
        path: paths.admin.stats,
        handle: { title: 'Admin: Estadísticas' },
        element: (
          <RequireAdmin>
            <AdminStatsPage />
          </RequireAdmin>
        ),
      },
      {
        path: paths.admin.audit,
        handle: { title: 'Admin: Actividad' },
        element: (
          <RequireAdmin>
            <AdminAuditPage />
          </RequireAdmin>
        ),
      },
      {
        path: paths.admin.team,
        handle: { title: 'Admin: Equipo' },
        element: (
          <RequireAdmin>
            <AdminTeamPage />
          </RequireAdmin>
        ),
      },
      {
        path: paths.admin.references,
        handle: { title: 'Admin: Referencias' },
        element: (
          <RequireAdmin>
            <AdminReferencesPage />
          </RequireAdmin>
        ),
      },
      {
        path: paths.admin.reports,
        handle: { title: 'Admin: Denuncias' },
        element: (
          <RequireAdmin>
            <AdminReportsPage />
          </RequireAdmin>
        ),
      },
      {
        path: paths.admin.report,
        handle: { title: 'Admin: Denuncia' },
        element: (
          <RequireAdmin>
            <AdminReportPage />
          </RequireAdmin>
        ),
      },
      { path: '*', handle: { title: 'Página no encontrada' }, element: <NotFoundPage /> },
      // A page that fails shows its error inside the shell: the navbar (and its 'Sin conexión') stays.
    ].map((route) => ({ ...route, errorElement: <RouteError /> })),
  },
];
