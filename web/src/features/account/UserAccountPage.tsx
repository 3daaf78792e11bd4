import { formatPhone } from '@cym/common';
import { Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api/errors';
import { PageHero } from '../../components/PageHero';
import { ParentAccount } from '../employer';
import { WorkerAccount } from '../worker-profile';
import { VerificationSection } from '../verifications';
import { DataExportSection } from '../data-export';
import { AccountDeletionSection } from '../account-deletion';
import { BlockedPeople } from '../blocks';
import { useUserData } from '../../lib/user-data';
import { NotificationSettings } from './NotificationSettings';
import { LoginSessions } from './LoginSessions';
import { AccountLoading } from './AccountLoading';

const PROFILE_LABELS: Record<string, string> = { Worker: 'Trabajador/a', Parent: 'Empleador/a' };

/**
 * The account page: the worker's editor and onboarding wizard, the employer's offers and
 * membership, or the account itself for admins.
 */
export default function UserAccountPage() {
  const [params] = useSearchParams();
  const onboarding = params.get('onboarding') === 'true';
  const query = useUserData();
  const data = query.data ?? null;
  const error = query.error ? errorMessage(query.error, 'Error al cargar los detalles del usuario') : null;

  const known = data?.profile_type === 'Worker' || data?.profile_type === 'Parent' || data?.is_admin;
  return (
    <>
      <PageHero title="Mi perfil" />
      <div className="container narrow account">
        {error && (
          <p className="notice notice--error" role="alert">
            {error}
          </p>
        )}
        {!data && !error && <AccountLoading text="Cargando…" />}
        {data && !known && <p className="notice notice--error">Error: Tipo de perfil no reconocido.</p>}
        {data && data.profile_type !== 'Worker' && data.profile_type !== 'Parent' && (
          <section className="card" aria-labelledby="account-title">
            <h2 id="account-title">{data.first_name}</h2>
            <dl className="details">
              <dt>Apellido (privado)</dt>
              <dd>{data.last_name}</dd>
              <dt>Correo electrónico</dt>
              <dd>{data.email}</dd>
              <dt>Teléfono</dt>
              <dd>{formatPhone(data.phone) ?? 'Sin asignar'}</dd>
              <dt>Tipo de cuenta</dt>
              <dd>{data.is_admin ? 'Administración' : (PROFILE_LABELS[data.profile_type ?? ''] ?? '-')}</dd>
            </dl>
          </section>
        )}
        {data && data.profile_type === 'Worker' && data.profile_id && (
          // Her page as others see it, where she answers references.
          <p className="account__public-link no-print">
            <Link to={`/worker-profile/${data.profile_id}`}>Ver mi perfil público</Link>
          </p>
        )}
        {data && data.profile_type === 'Worker' && data.profile_id && (
          <Suspense fallback={<AccountLoading />}>
            <WorkerAccount
              profileId={data.profile_id}
              userId={data.id}
              lastName={data.last_name}
              onboarding={onboarding}
            />
          </Suspense>
        )}
        {data && data.profile_type === 'Parent' && data.profile_id && (
          <Suspense fallback={<AccountLoading />}>
            <ParentAccount profileId={data.profile_id} userId={data.id} onboarding={onboarding} />
          </Suspense>
        )}
        {data && data.profile_type === 'Worker' && <VerificationSection kinds={['dni', 'background_check']} />}
        {data && data.profile_type === 'Parent' && <VerificationSection kinds={['dni']} />}
        {data && known && <NotificationSettings />}
        {data && (data.profile_type === 'Worker' || data.profile_type === 'Parent') && <BlockedPeople />}
        {data && known && <LoginSessions />}
        {data && known && <DataExportSection />}
        {data && known && !data.is_admin && <AccountDeletionSection />}
        <section className="account__help">
          <p>
            ¿Dudas? Mirá <Link to={paths.howItWorks}>cómo funciona</Link> o las{' '}
            <Link to={paths.faqs}>preguntas frecuentes</Link>.
          </p>
        </section>
      </div>
    </>
  );
}
