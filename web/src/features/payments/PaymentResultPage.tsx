import { PAYMENT_MESSAGES } from '@cym/common';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { useSession } from '../../lib/session';
import { usePaymentStatus } from './api';
import './payments.css';

type Outcome = 'success' | 'failure' | 'pending';

/** /payment/success, /payment/failure and /payment/pending: where the checkout sends the person back. */
export default function PaymentResultPage() {
  const { pathname } = useLocation();
  const outcome: Outcome = pathname.startsWith(paths.paymentFailure)
    ? 'failure'
    : pathname.startsWith(paths.paymentPending)
      ? 'pending'
      : 'success';
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { refresh } = useSession();
  const status = params.get('status') ?? params.get('collection_status');
  const paymentId = params.get('payment_id') ?? params.get('collection_id');
  const redirect = outcome === 'success' && (status === 'pending' || status === 'in_process');
  const completed = status === 'approved' && !!paymentId && paymentId !== 'null';
  const verify = outcome === 'success' && !redirect && completed;
  const answer = usePaymentStatus(verify ? paymentId : null);
  const [refreshed, setRefreshed] = useState(false);

  useEffect(() => {
    if (redirect) void navigate(`${paths.paymentPending}?${params.toString()}`, { replace: true });
  }, [redirect, navigate, params]);

  // The session's membership_status changes with the grant: fresh tokens before saying so.
  const verified = answer.isSuccess;
  useEffect(() => {
    if (verified) void refresh().then(() => setRefreshed(true));
  }, [verified, refresh]);

  const view = redirect
    ? { kind: 'verifying' as const }
    : !completed
      ? { kind: 'error' as const, message: PAYMENT_MESSAGES.notCompleted }
      : answer.isError
        ? { kind: 'error' as const, message: PAYMENT_MESSAGES.verifyFailed }
        : refreshed
          ? { kind: 'success' as const }
          : { kind: 'verifying' as const };

  if (outcome === 'failure')
    return (
      <Result title="Pago Cancelado">
        <p className="notice notice--error" role="alert">
          {PAYMENT_MESSAGES.notCompleted}
        </p>
        <p>No se realizó ningún cargo. Podés intentarlo de nuevo o elegir otro medio de pago.</p>
        <div className="actions-row">
          <Link to={paths.memberships} className="button">
            Intentar de nuevo
          </Link>
          <Link to={paths.userAccount} className="button button--secondary">
            Ir a mi perfil
          </Link>
        </div>
      </Result>
    );

  if (outcome === 'pending')
    return (
      <Result title="Pago Pendiente">
        <p>
          Tu pago está en proceso. Cuando se acredite te va a llegar un correo electrónico y la membresía se activa
          automáticamente; no hace falta que hagas nada más.
        </p>
        <Link to={paths.userAccount} className="button">
          Ir a mi perfil
        </Link>
      </Result>
    );

  if (view.kind === 'verifying')
    return (
      <Result title="Verificando tu pago">
        <p className="verifying" role="status">
          <span className="spinner" aria-hidden="true" /> Estamos confirmando el pago con MercadoPago...
        </p>
      </Result>
    );

  if (view.kind === 'error')
    return (
      <Result title="No pudimos confirmar el pago">
        <p className="notice notice--error" role="alert">
          {view.message}
        </p>
        <div className="actions-row">
          <Link to={paths.userAccount} className="button">
            Ir a mi perfil
          </Link>
          <Link to={paths.contact} className="button button--secondary">
            Contactar soporte
          </Link>
        </div>
      </Result>
    );

  return (
    <Result title="Pago Exitoso">
      <p className="notice notice--success" role="status">
        ¡Listo! Tu membresía está activa.
      </p>
      <ul className="benefits">
        <li>Tus ofertas laborales ya se pueden ver</li>
        <li>Chateá con las personas candidatas</li>
        <li>Soporte prioritario</li>
      </ul>
      <Link to={paths.userAccount} className="button button--large">
        Ir a mi perfil
      </Link>
    </Result>
  );
}

function Result({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="container narrow payment-result">
      <section className="card">
        <h1>{title}</h1>
        {children}
      </section>
    </div>
  );
}
