import { formatPesos, PRODUCT_NAME } from '@cym/common';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useSession } from '../../lib/session';
import { useAuthDialogs } from '../auth';
import { CheckoutButton, MEMBERSHIP_BENEFITS, PromoPrice, useMembershipType, useOwnMemberships } from '../employer';
import { PageHero } from '../../components/PageHero';
import './payments.css';

/**
 * /memberships: the plan, its price, what it gives, and both ways to pay. Visitors are invited to
 * create an employer account first.
 */
export default function MembershipsPage() {
  const { role, user } = useSession();
  const { open } = useAuthDialogs();
  const { type, error: priceError } = useMembershipType();
  const pendingTransfer = usePendingTransfer(role === 'parent' ? user?.profile_id : null);

  return (
    <>
      <PageHero
        title="Membresía para empleadores"
        text="Publicá tus ofertas, hablá con quien te interese y encontrá a la persona indicada para tu casa o tu empresa."
      />
      <div className="container narrow memberships-page">
        <section className="card plan" aria-labelledby="plan-title">
          <h2 id="plan-title">{type?.name ?? 'Membresía'}</h2>
          {priceError && (
            <p className="notice notice--error" role="alert">
              {priceError}
            </p>
          )}
          {!type && !priceError && <p role="status">Cargando...</p>}
          {type && (
            <>
              <PromoPrice price={type.price} />
              <p>
                Un solo pago de {formatPesos(type.price)} por {type.duration_days} días de acceso. No se renueva sola:
                cuando vence, la renovás con otro pago y los días se suman a los que te queden.
              </p>
            </>
          )}
          <h3>Qué incluye</h3>
          <ul className="benefits">
            {MEMBERSHIP_BENEFITS.map((benefit) => (
              <li key={benefit}>{benefit}</li>
            ))}
          </ul>

          {role === 'parent' && (
            <>
              {pendingTransfer && (
                <p className="notice" role="note">
                  Tu transferencia <strong>{pendingTransfer}</strong> está pendiente de aprobación: los datos bancarios
                  están en <Link to={paths.userAccount}>tu cuenta</Link>. Si pagás con tarjeta, la membresía se activa
                  con ese pago; la transferencia sigue pendiente hasta que la revisemos.
                </p>
              )}
              <CheckoutButton ready={type !== null} />
              <Link to={paths.bankTransfer} className="button button--secondary button--large">
                Pagar por transferencia bancaria
              </Link>
            </>
          )}
          {role === 'visitor' && (
            <button
              type="button"
              className="button button--large"
              onClick={() => open('signup', { profileType: 'Parent' })}
            >
              Crear mi cuenta de empleador
            </button>
          )}
          {(role === 'worker' || role === 'admin') && (
            <p className="notice">
              La membresía es para empleadores. Para quienes buscan trabajo, {PRODUCT_NAME} es gratis.
            </p>
          )}
        </section>

        <section className="card" aria-labelledby="ways-title">
          <h2 id="ways-title">Formas de pago</h2>
          <dl className="details">
            <dt>MercadoPago</dt>
            <dd>
              Tarjeta de crédito o débito, dinero en cuenta o efectivo. Si el pago se aprueba en el momento, la
              membresía se activa en el acto.
            </dd>
            <dt>Transferencia bancaria</dt>
            <dd>
              Te mostramos los datos de la cuenta y te los enviamos por correo. La membresía se activa cuando recibimos
              el dinero (normalmente dentro de un día hábil).
            </dd>
          </dl>
          <p className="memberships-page__fine">
            Los pagos no son reembolsables. Podés leer las condiciones en los{' '}
            <Link to={paths.terms}>términos y condiciones</Link> y las dudas frecuentes en{' '}
            <Link to={paths.faqs}>preguntas frecuentes</Link>.
          </p>
        </section>
      </div>
    </>
  );
}

/** The reference of the employer's bank transfer waiting for approval, if any. */
function usePendingTransfer(profileId: number | null | undefined): string | null {
  const pending = useOwnMemberships(profileId).data?.find(
    (m) => m.state === 'pending' && m.payment?.payment_method === 'bank_transfer',
  );
  return pending?.payment?.transaction_id ?? null;
}
